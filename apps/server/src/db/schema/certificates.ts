/** Service certificates and their folios (modules/certificates). */
import { sql } from 'drizzle-orm';
import type { VerifiedContent } from '@rondin/contracts';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { files } from './files.js';
import { sessions } from './orders.js';

/**
 * The last certificate number given in each year: closing an order takes the next one in its own transaction
 * (an upsert that locks the year's row until commit), so folios are sequential per year, never repeated and,
 * since a rolled-back close gives its number back with the lock, without gaps.
 */
export const certificateCounters = pgTable('certificate_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * The service certificate of a closed order: its folio (`AAAA-NNNNNN`, given at close), the random code its QR
 * carries to the public verification page, the signatures, and the PDF as issued (stored once, with its
 * SHA-256, and served as stored from then on). A correction would be a new revision; the one it replaces keeps
 * its row with `replacedAt`.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    number: integer('number').notNull(),
    revision: integer('revision').notNull().default(1),
    /** Random, unguessable, not derived from the folio: what the QR and /verificar/{code} carry. */
    code: text('code').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** The PDF as issued; null only between the close's commit and the PDF's first write. */
    fileId: integer('file_id').references(() => files.id, { onDelete: 'restrict' }),
    sha256: text('sha256'),
    /**
     * What the PDF says (service date and times, technician, devices, products), kept with its hash when it is
     * drawn: the public verification page shows it to compare a paper copy with. Null before it is drawn, and
     * for certificates drawn before it was kept.
     */
    content: jsonb('content').$type<VerifiedContent>(),
    /** The client's signature: name and role, with the drawn image, or absent (`clientAbsent`). */
    clientName: text('client_name'),
    clientRole: text('client_role'),
    clientSignatureFileId: integer('client_signature_file_id').references(() => files.id, { onDelete: 'restrict' }),
    clientAbsent: boolean('client_absent').notNull().default(false),
    /** Why nobody of the client signed; null for certificates issued before it was asked. */
    clientAbsentReason: text('client_absent_reason'),
    /** The closer's signature as it was at close: the technician's, or the administrator's who closed. */
    technicianSignatureFileId: integer('technician_signature_file_id').references(() => files.id, {
      onDelete: 'restrict',
    }),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('certificates_code_key').on(table.code),
    uniqueIndex('certificates_folio_revision_key').on(table.year, table.number, table.revision),
    uniqueIndex('certificates_session_current_key').on(table.sessionId).where(sql`${table.replacedAt} is null`),
    // The search box finds a folio typed without its year by number alone.
    index('certificates_number_idx').on(table.number),
    check('certificates_number_check', sql`${table.number} between 1 and 999999`),
  ],
);
