/** Audit packs as issued, for their public verification (modules/audit-pack). */
import { date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { technicians } from './accounts.js';
import { sites } from './sites.js';

/**
 * Each audit pack PDF handed out: its site and period (the days, and the zone they were counted in, so the same
 * instants are read again), when and by whom, and the SHA-256 of the records it was drawn from. Its cover's QR
 * carries `code` to /verificar/dossier/{code}, which draws the fingerprint again from the records as they are
 * now: a record changed since the pack was issued shows as not matching.
 */
export const auditPacks = pgTable(
  'audit_packs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Random, unguessable: what the cover's QR and /verificar/dossier/{code} carry. */
    code: text('code').notNull(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'restrict' }),
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    timeZone: text('time_zone').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    issuedById: integer('issued_by_id').references(() => technicians.id, { onDelete: 'set null' }),
    fingerprint: text('fingerprint').notNull(),
  },
  (table) => [uniqueIndex('audit_packs_code_key').on(table.code), index('audit_packs_site_idx').on(table.siteId)],
);
