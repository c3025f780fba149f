/** Labels to print again (modules/label-reprints). */
import { MANUAL_REASONS } from '@rondin/contracts/finding-rules';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { technicians } from './accounts.js';
import { traps } from './devices.js';
import { sessions } from './orders.js';

/**
 * Labels to print again: a device recorded MANUAL (its label could not be read) queues one. At most one pending
 * per device; printing marks them printed (`printedAt`, `printedBy`) in the same transaction as the sheet is
 * made, so the queue empties.
 */
export const labelReprints = pgTable(
  'label_reprints',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    trapId: integer('trap_id')
      .notNull()
      .references(() => traps.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: MANUAL_REASONS }).notNull(),
    /** The order the technician asked in; null once that order was deleted. */
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    requestedById: integer('requested_by_id').references(() => technicians.id, { onDelete: 'set null' }),
    printedAt: timestamp('printed_at', { withTimezone: true }),
    printedById: integer('printed_by_id').references(() => technicians.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('label_reprints_pending_trap_key').on(table.trapId).where(sql`${table.printedAt} is null`),
    index('label_reprints_pending_idx').on(table.requestedAt, table.id).where(sql`${table.printedAt} is null`),
    index('label_reprints_session_id_idx').on(table.sessionId),
    check('label_reprints_reason_check', sql`${table.reason} in ('ETIQUETA_DANADA', 'ETIQUETA_AUSENTE')`),
  ],
);
