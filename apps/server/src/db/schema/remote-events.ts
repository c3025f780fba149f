/** Events of electronic devices (modules/integrations/remote-events). */
import { REMOTE_EVENT_TYPES } from '@rondin/contracts/devices';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { technicians } from './accounts.js';
import { traps } from './devices.js';
import { findings } from './findings.js';
import { sites } from './sites.js';

/**
 * One row per event a device reported, whatever path brought it (HTTP or MQTT): `event_id` is the sender's and
 * unique, so a repeated event is stored once (INSERT … ON CONFLICT DO NOTHING, also under concurrent repeats).
 * A capture or activity has its remote finding (`finding_id`, origin REMOTO), which the thresholds judge.
 */
export const remoteEvents = pgTable(
  'remote_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: text('event_id').notNull(),
    trapId: integer('trap_id')
      .notNull()
      .references(() => traps.id, { onDelete: 'restrict' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'restrict' }),
    type: text('type', { enum: REMOTE_EVENT_TYPES }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    count: integer('count'),
    raw: jsonb('raw'),
    findingId: bigint('finding_id', { mode: 'number' }).references(() => findings.id, { onDelete: 'set null' }),
    /** The account (or API token's account) that sent it; null for the MQTT subscriber. */
    byId: integer('by_id').references(() => technicians.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('remote_events_event_id_key').on(table.eventId),
    index('remote_events_trap_occurred_idx').on(table.trapId, table.occurredAt),
    index('remote_events_site_occurred_idx').on(table.siteId, table.occurredAt),
    check(
      'remote_events_type_check',
      sql`${table.type} in ('CAPTURA', 'ACTIVIDAD', 'APERTURA', 'BATERIA_BAJA', 'SIN_CONEXION')`,
    ),
    check('remote_events_count_check', sql`${table.count} between 0 and 100000`),
  ],
);
