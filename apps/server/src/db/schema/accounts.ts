/**
 * Accounts: the technicians and administrators who sign in (modules/technicians, modules/auth), and the people of
 * a client who use the portal (role CLIENTE, modules/portal) with their invitations.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.js';
import { createdAt } from './columns.js';
import { files } from './files.js';

export const technicians = pgTable(
  'technicians',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    role: text('role', { enum: ['ADMIN', 'TECH', 'CLIENTE'] })
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
    /** A CLIENTE's client (and only a CLIENTE has one). */
    clientId: integer('client_id').references((): AnyPgColumn => clients.id, { onDelete: 'restrict' }),
    /**
     * A CLIENTE's chosen sites, of its client; empty: all of the client's sites. Ids of sites no longer the
     * client's are ignored when read (an array has no foreign key), as contacts' are.
     */
    portalSiteIds: integer('portal_site_ids').array().notNull().default(sql`'{}'::integer[]`),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('technicians_email_lower_key').on(sql`lower(${table.email})`),
    index('technicians_client_idx').on(table.clientId).where(sql`${table.clientId} is not null`),
    check('technicians_role_check', sql`${table.role} in ('ADMIN', 'TECH', 'CLIENTE')`),
    check('technicians_client_check', sql`(${table.role} = 'CLIENTE') = (${table.clientId} is not null)`),
    check(
      'technicians_qualification_check',
      sql`${table.qualification} in ('APLICADOR', 'RESPONSABLE_TECNICO', 'ESPECIAL')`,
    ),
  ],
);

/**
 * A single-use link for a portal account to choose its password (`/invitacion/{token}`): only the token's SHA-256
 * is kept. Used once (`used_at`), valid until `expires_at`; issuing a new one voids the account's earlier ones.
 */
export const portalInvitations = pgTable(
  'portal_invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => technicians.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Set on the earlier ones when a new invitation is issued. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    issuedById: integer('issued_by_id').references(() => technicians.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('portal_invitations_token_key').on(table.tokenHash),
    index('portal_invitations_account_idx').on(table.accountId, table.id),
  ],
);
