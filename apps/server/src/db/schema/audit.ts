/** The change log (modules/audit-log). */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Who changed what, when and why (modules/audit-log): one row a change of an audited record, written in the
 * change's own transaction by the triggers `<table>_audit` (modules/audit-log/sql/rondin_audit_row.sql) or by
 * rondin_audit_append itself (a site's thresholds, one row a replaced set). Never updated nor deleted (the
 * triggers audit_log_immutable and audit_log_no_truncate refuse it); `id` counts 1, 2, 3… without gaps and each
 * row holds the SHA-256 of the one before (`prevHash`) and its own (`hash`), so a row edited, taken out or put in
 * is found by `npm run audit-log:verify`. No foreign keys: the log outlives the records and accounts it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The account that made the change and its name then; null: the system (start-up, a threshold crossed). */
    actorId: integer('actor_id'),
    actorName: text('actor_name'),
    entity: text('entity').notNull(),
    /** The record's id; null for a set without one (the global thresholds). */
    entityId: integer('entity_id'),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [
    index('audit_log_entity_idx').on(table.entity, table.entityId, table.id),
    index('audit_log_at_idx').on(table.at),
    check('audit_log_hashes_check', sql`${table.hash} ~ '^[0-9a-f]{64}$' and ${table.prevHash} ~ '^[0-9a-f]{64}$'`),
  ],
);
