/** Orders: service plans, the orders they create, their items, the scans' log (modules/service-plans, orders). */
import { TRAP_TYPES } from '@rondin/contracts/devices';
import { PLAN_ASSIGNMENTS } from '@rondin/contracts/service-plan-options';
import { EXCEPTION_REASON_DETAILS, EXCEPTION_REASONS, MANUAL_REASONS } from '@rondin/contracts/finding-rules';
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
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { technicians } from './accounts.js';
import { createdAt } from './columns.js';
import { traps } from './devices.js';
import { sites } from './sites.js';

/**
 * Recurring service: visits to a site at a frequency, whose orders the generator creates ahead by itself
 * (modules/service-plans). Dates are calendar days of the site's zone.
 */
export const servicePlans = pgTable(
  'service_plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    /**
     * The plan's first technician (position 0 of service_plan_technicians), kept in step with it: what a process
     * of the release before several technicians reads while the processes restart one at a time.
     */
    technicianId: integer('technician_id')
      .notNull()
      .references(() => technicians.id, { onDelete: 'restrict' }),
    /** ROTATING: visit k to technician k mod n, one order a visit; BY_AREA: one order a technician, its areas. */
    assignment: text('assignment', { enum: PLAN_ASSIGNMENTS }).notNull().default('ROTATING'),
    frequency: text('frequency', { enum: ['SEMANAL', 'QUINCENAL', 'MENSUAL', 'BIMESTRAL', 'TRIMESTRAL'] }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** HH:MM, the site's wall clock. */
    time: text('time').notNull(),
    horizonDays: integer('horizon_days').notNull().default(14),
    endDate: date('end_date', { mode: 'string' }),
    /** Devices of these areas only; null: every area. Read when each order is created. */
    areas: text('areas').array(),
    /** Devices of these types only; null: every type. */
    types: text('types', { enum: TRAP_TYPES }).array(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    index('service_plans_site_id_idx').on(table.siteId),
    check(
      'service_plans_frequency_check',
      sql`${table.frequency} in ('SEMANAL', 'QUINCENAL', 'MENSUAL', 'BIMESTRAL', 'TRIMESTRAL')`,
    ),
    check('service_plans_time_check', sql`${table.time} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('service_plans_horizon_check', sql`${table.horizonDays} between 1 and 366`),
    check('service_plans_dates_check', sql`${table.endDate} is null or ${table.endDate} >= ${table.startDate}`),
    check('service_plans_assignment_check', sql`${table.assignment} in ('ROTATING', 'BY_AREA')`),
  ],
);

/** A plan's technicians in order (modules/service-plans); in a BY_AREA plan, the areas each one visits. */
export const servicePlanTechnicians = pgTable(
  'service_plan_technicians',
  {
    servicePlanId: integer('service_plan_id')
      .notNull()
      .references(() => servicePlans.id, { onDelete: 'cascade' }),
    /** 0, 1, 2…: the rotation's order, and the slot of the technician's orders in a BY_AREA visit. */
    position: integer('position').notNull(),
    technicianId: integer('technician_id')
      .notNull()
      .references(() => technicians.id, { onDelete: 'restrict' }),
    /** BY_AREA: the plan's areas this technician visits (each area one technician's); ROTATING: null. */
    areas: text('areas').array(),
  },
  (table) => [
    primaryKey({ columns: [table.servicePlanId, table.position] }),
    uniqueIndex('service_plan_technicians_technician_key').on(table.servicePlanId, table.technicianId),
    index('service_plan_technicians_technician_id_idx').on(table.technicianId),
    check('service_plan_technicians_position_check', sql`${table.position} >= 0`),
  ],
);

/** Work orders. The API calls them sessions; the interface calls them órdenes. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Every trap of the order belongs to this site. */
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'restrict' }),
    technicianId: integer('technician_id')
      .notNull()
      .references(() => technicians.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ['PENDING', 'IN_PROGRESS', 'COMPLETED'] })
      .notNull()
      .default('PENDING'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    createdById: integer('created_by_id').references(() => technicians.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedById: integer('closed_by_id').references(() => technicians.id, { onDelete: 'set null' }),
    forceClosed: boolean('force_closed').notNull().default(false),
    // Kept in step with session_items in the same statement that changes them, so lists and the
    // compliance figures never have to count items.
    itemCount: integer('item_count').notNull().default(0),
    completedCount: integer('completed_count').notNull().default(0),
    /** The service plan that created the order, and the date it planned it for; null: created by hand. */
    servicePlanId: integer('service_plan_id').references(() => servicePlans.id, { onDelete: 'restrict' }),
    plannedDate: date('planned_date', { mode: 'string' }),
    /**
     * Which of the visit's orders: the position of its technician in a BY_AREA plan, else 0 (one order a visit;
     * orders made by hand too). Who does the order now may differ: the office can reassign it.
     */
    planSlot: integer('plan_slot').notNull().default(0),
  },
  (table) => [
    // At most one order per plan, date and slot, whatever number of generators run at once.
    uniqueIndex('sessions_service_plan_visit_key').on(table.servicePlanId, table.plannedDate, table.planSlot),
    check('sessions_planned_check', sql`(${table.servicePlanId} is null) = (${table.plannedDate} is null)`),
    index('sessions_technician_id_idx').on(table.technicianId, table.id),
    index('sessions_site_id_idx').on(table.siteId, table.id),
    index('sessions_status_idx').on(table.status),
    index('sessions_scheduled_at_idx').on(table.scheduledAt),
    // Compliance reads the open orders only: a year's closed ones stay out of the way.
    index('sessions_open_scheduled_at_idx').on(table.scheduledAt).where(sql`${table.status} <> 'COMPLETED'`),
    check('sessions_status_check', sql`${table.status} in ('PENDING', 'IN_PROGRESS', 'COMPLETED')`),
    check('sessions_counts_check', sql`${table.completedCount} between 0 and ${table.itemCount}`),
  ],
);

export const sessionItems = pgTable(
  'session_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    trapId: integer('trap_id')
      .notNull()
      .references(() => traps.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ['PENDING', 'COMPLETED'] })
      .notNull()
      .default('PENDING'),
    /** When the trap was inspected: the device's time for a scan made offline, else the server's. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the server received the accepted scan. */
    receivedAt: timestamp('received_at', { withTimezone: true }),
    completedById: integer('completed_by_id').references(() => technicians.id, { onDelete: 'set null' }),
    /** The device's id for the scan, or for the exception, that completed the item: one id space for both. */
    clientScanId: uuid('client_scan_id'),
    /** Set when the item was completed without a scan (the device could not be found or reached). */
    exceptionReason: text('exception_reason', { enum: EXCEPTION_REASONS }),
    /** The preset detail of the reason; null for exceptions recorded before details existed. */
    exceptionDetail: text('exception_detail', { enum: EXCEPTION_REASON_DETAILS }),
    /** Required without a detail or with OTRO; optional otherwise. */
    exceptionNote: text('exception_note'),
    /**
     * Set when the item was completed by typing the device's printed code (outcome MANUAL): why its label could
     * not be read, and the code as typed.
     */
    manualReason: text('manual_reason', { enum: MANUAL_REASONS }),
    manualCode: text('manual_code'),
    /** Added to the order on the spot by its technician, not planned by the office. */
    addedOnSite: boolean('added_on_site').notNull().default(false),
    /**
     * The current version of the item's finding (findings): the latest by recorded_at, or a correction made
     * after close. No foreign key: a version is only ever deleted with its item, and the key's check would read
     * every item for each version of a deleted order.
     */
    findingId: bigint('finding_id', { mode: 'number' }),
  },
  (table) => [
    uniqueIndex('session_items_session_trap_key').on(table.sessionId, table.trapId),
    index('session_items_trap_id_idx').on(table.trapId),
    // Inspections newest first (the office's list pages by it, reading it backwards).
    index('session_items_completed_idx').on(table.completedAt, table.id).where(sql`${table.status} = 'COMPLETED'`),
    // A scan's id and an exception's id are one space: an id completes one item once.
    uniqueIndex('session_items_client_scan_key').on(table.clientScanId).where(sql`${table.clientScanId} is not null`),
    check('session_items_status_check', sql`${table.status} in ('PENDING', 'COMPLETED')`),
    check(
      'session_items_exception_check',
      sql`(${table.exceptionReason} is null or ${table.status} = 'COMPLETED')
        and (${table.exceptionReason} is not null or (${table.exceptionNote} is null and ${table.exceptionDetail} is null))
        and (${table.exceptionReason} is null or ${table.exceptionNote} is not null
          or (${table.exceptionDetail} is not null and ${table.exceptionDetail} <> 'OTRO'))
        and ${table.exceptionReason} in ('NO_ENCONTRADO', 'INACCESIBLE')
        and ${table.exceptionDetail} in ('AREA_CERRADA', 'BLOQUEADO_MERCADERIA', 'PRODUCCION', 'RETIRADO_CLIENTE', 'OTRO')`,
    ),
    check(
      'session_items_manual_check',
      sql`(${table.manualReason} is null) = (${table.manualCode} is null)
        and (${table.manualReason} is null or (${table.status} = 'COMPLETED' and ${table.exceptionReason} is null))
        and ${table.manualReason} in ('ETIQUETA_DANADA', 'ETIQUETA_AUSENTE')`,
    ),
  ],
);

/**
 * Append-only log of every scan attempt, accepted or refused, written in the same transaction as the
 * change it caused. No foreign keys: the audit trail outlives a deleted order or account.
 */
export const scanEvents = pgTable(
  'scan_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer('session_id').notNull(),
    itemId: integer('item_id'),
    technicianId: integer('technician_id'),
    qrSlug: text('qr_slug').notNull(),
    result: text('result', {
      enum: ['ACCEPTED', 'ALREADY_COMPLETED', 'REPLAYED', 'NOT_IN_ORDER', 'ORDER_CLOSED', 'NOT_ASSIGNED'],
    }).notNull(),
    clientScanId: uuid('client_scan_id'),
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('scan_events_session_id_idx').on(table.sessionId, table.id),
    // A scan queued offline and sent again (a lost answer, a retry) is recognised by its client id:
    // it can be accepted once only.
    uniqueIndex('scan_events_accepted_client_scan_key')
      .on(table.clientScanId)
      .where(sql`${table.result} = 'ACCEPTED' and ${table.clientScanId} is not null`),
  ],
);
