/** What the trends count, kept by the database (modules/reports). */
import { TRAP_TYPES } from '@rondin/contracts/devices';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sessionItems } from './orders.js';
import { sites } from './sites.js';

/**
 * What the trends count, one row an inspection: the current version of each order item's finding, with its
 * catches summed by pest group (a band as its least; null without any of the group). Derived: written by the
 * triggers session_items_trend* at the commit of the finding's transaction (modules/reports/sql/
 * rondin_trend_inspection.sql, from the view trend_inspection_source), left out of backups and written again
 * whole as a backup is restored (fillTrendInspections). A device's area and zone are read from traps when counted.
 */
export const trendInspections = pgTable(
  'trend_inspections',
  {
    itemId: integer('item_id')
      .primaryKey()
      .references(() => sessionItems.id, { onDelete: 'cascade' }),
    findingId: bigint('finding_id', { mode: 'number' }).notNull(),
    siteId: integer('site_id').notNull(),
    trapId: integer('trap_id').notNull(),
    trapType: text('trap_type', { enum: TRAP_TYPES }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    active: boolean('active').notNull(),
    /** Bait stations only. */
    baitConsumption: smallint('bait_consumption'),
    roedores: integer('roedores'),
    rastreros: integer('rastreros'),
    voladores: integer('voladores'),
    productoAlmacenado: integer('producto_almacenado'),
    otros: integer('otros'),
  },
  (table) => [
    // A site's year is one range of this index; the national plant's, one of the next.
    index('trend_inspections_site_recorded_idx').on(table.siteId, table.recordedAt),
    index('trend_inspections_recorded_idx').on(table.recordedAt),
    // A device's other inspections of a period, which decide whether a change counts it in trend_periods.
    index('trend_inspections_trap_recorded_idx').on(table.trapId, table.recordedAt),
  ],
);

/** A trend's dimensions as trend_periods keys them: '' (none, and by pest group), area, zone, device type. */
export const TREND_DIMENSIONS = ['', 'area', 'zone', 'type'] as const;

/**
 * What the trends count, per site, interval, period (its first day in the site's zone, the server's without
 * one) and series: devices inspected, those with activity, the bait eaten, the catches by pest group. Kept by
 * the trigger trend_inspections_periods from each row of trend_inspections that comes or goes, in the same
 * transaction (migration 0027); a device counts once in a period however often it was inspected, so a change
 * counts it in or out by whether the period holds another of its inspections. The trends read whole periods
 * here and only a partial first or last one from trend_inspections (trends.repository.ts).
 */
export const trendPeriods = pgTable(
  'trend_periods',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    interval: text('interval', { enum: ['week', 'month', 'quarter', 'year'] }).notNull(),
    dimension: text('dimension', { enum: TREND_DIMENSIONS }).notNull(),
    period: date('period').notNull(),
    /** The series: today's area or zone of the devices ('' without one), the device type; '' undivided. */
    key: text('key').notNull(),
    inspected: integer('inspected').notNull(),
    withActivity: integer('with_activity').notNull(),
    baitSum: bigint('bait_sum', { mode: 'number' }).notNull(),
    baits: integer('baits').notNull(),
    /** Catches of each pest group, and how many inspections recorded that group (none: no figure, not 0). */
    roedores: bigint('roedores', { mode: 'number' }).notNull(),
    roedoresRecorded: integer('roedores_recorded').notNull(),
    rastreros: bigint('rastreros', { mode: 'number' }).notNull(),
    rastrerosRecorded: integer('rastreros_recorded').notNull(),
    voladores: bigint('voladores', { mode: 'number' }).notNull(),
    voladoresRecorded: integer('voladores_recorded').notNull(),
    productoAlmacenado: bigint('producto_almacenado', { mode: 'number' }).notNull(),
    productoAlmacenadoRecorded: integer('producto_almacenado_recorded').notNull(),
    otros: bigint('otros', { mode: 'number' }).notNull(),
    otrosRecorded: integer('otros_recorded').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'trend_periods_pkey',
      columns: [table.siteId, table.interval, table.dimension, table.period, table.key],
    }),
    // Every site's periods (the national plant).
    index('trend_periods_interval_idx').on(table.interval, table.dimension, table.period),
  ],
);

/**
 * The zone trend_periods counts the periods of sites without their own in: the server's (TIME_ZONE), written at
 * start; when it changes, those sites' periods are counted again (rondin_trend_server_zone). One row.
 */
export const trendSettings = pgTable(
  'trend_settings',
  {
    id: integer('id').primaryKey().default(1),
    serverTimeZone: text('server_time_zone').notNull(),
  },
  (table) => [check('trend_settings_one_row_check', sql`${table.id} = 1`)],
);
