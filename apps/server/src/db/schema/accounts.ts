/** Accounts: the technicians and administrators who sign in (modules/technicians, modules/auth). */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, date, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { files } from './files.js';

export const technicians = pgTable(
  'technicians',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    role: text('role', { enum: ['ADMIN', 'TECH'] })
      .notNull()
      .default('TECH'),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Raised at every password change and carried in each token: a token of an older version was issued
     * before the password changed and is refused everywhere (REST, realtime, the scan's own check).
     */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * The password is one someone else knows (generated at first start, or typed by an administrator): every
     * request but the profile and the password change is refused until the account chooses its own.
     */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** The biocide applicator's card (carné): its number and, when it has one, its expiry. */
    licenceNumber: text('licence_number'),
    licenceExpiresAt: date('licence_expires_at', { mode: 'string' }),
    /** Qualification level, checked against a product's user category; null when not recorded. */
    qualification: text('qualification', { enum: ['APLICADOR', 'RESPONSABLE_TECNICO', 'ESPECIAL'] }),
    /** The technician's drawn signature (PNG), copied onto each certificate they close. */
    signatureFileId: integer('signature_file_id').references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('technicians_email_lower_key').on(sql`lower(${table.email})`),
    check('technicians_role_check', sql`${table.role} in ('ADMIN', 'TECH')`),
    check(
      'technicians_qualification_check',
      sql`${table.qualification} in ('APLICADOR', 'RESPONSABLE_TECNICO', 'ESPECIAL')`,
    ),
  ],
);
