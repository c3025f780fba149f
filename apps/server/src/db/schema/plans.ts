/** Floor plans and where devices stand on them, now and over time (modules/plans). */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { technicians } from './accounts.js';
import { createdAt } from './columns.js';
import { traps } from './devices.js';
import { files } from './files.js';
import { sites } from './sites.js';

/** A floor plan of a site: an image, with its size in pixels, devices are placed on. */
export const plans = pgTable(
  'plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('plans_site_name_lower_key').on(table.siteId, sql`lower(${table.name})`),
    check('plans_size_check', sql`${table.width} > 0 and ${table.height} > 0`),
  ],
);

/** Where a device is on a plan now: at most one place, x and y as fractions of the image. */
export const trapPlacements = pgTable(
  'trap_placements',
  {
    trapId: integer('trap_id')
      .primaryKey()
      .references(() => traps.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    placedById: integer('placed_by_id').references(() => technicians.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('trap_placements_plan_id_idx').on(table.planId),
    check('trap_placements_range_check', sql`${table.x} between 0 and 1 and ${table.y} between 0 and 1`),
  ],
);

/**
 * Every placement change, kept for good, so the map "as it was on a date" can be drawn. No foreign keys: the
 * history outlives a deleted plan; plan_id null means the device was taken off its plan.
 */
export const placementEvents = pgTable(
  'placement_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    trapId: integer('trap_id').notNull(),
    planId: integer('plan_id'),
    x: doublePrecision('x'),
    y: doublePrecision('y'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    byId: integer('by_id'),
  },
  (table) => [
    index('placement_events_trap_idx').on(table.trapId, table.id),
    index('placement_events_plan_idx').on(table.planId, table.id),
  ],
);
