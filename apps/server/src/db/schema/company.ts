/** The company heading every document (modules/company). */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './columns.js';
import { files } from './files.js';

/**
 * The company that heads every PDF and label: one row (id 1), written by the first save of the settings. The
 * logo is a PNG re-encoded at upload, kept as a file like any other.
 */
export const companySettings = pgTable(
  'company_settings',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull(),
    taxId: text('tax_id'),
    address: text('address'),
    phone: text('phone'),
    /** The biocide-service registry (ROESB with its autonomous community, or the local equivalent). */
    registryNumber: text('registry_number'),
    technicalManager: text('technical_manager'),
    logoFileId: integer('logo_file_id').references(() => files.id, { onDelete: 'restrict' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('company_settings_one_row_check', sql`${table.id} = 1`)],
);

/**
 * The company's own certificate (a PKCS#12 file, e.g. its FNMT certificate) that signs certificates and audit
 * packs: one row (id 1) while one is set. The file and its password are kept sealed together (AES-256-GCM under a
 * key derived from the server's JWT secret, lib/sealed-secret.ts), so the database or a backup alone cannot sign;
 * what a person checks (subject, issuer, serial number, validity) is kept beside it in the clear.
 */
export const signingCertificate = pgTable(
  'signing_certificate',
  {
    id: integer('id').primaryKey().default(1),
    sealed: bytea('sealed').notNull(),
    subject: text('subject').notNull(),
    issuer: text('issuer').notNull(),
    serialNumber: text('serial_number').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('signing_certificate_one_row_check', sql`${table.id} = 1`)],
);
