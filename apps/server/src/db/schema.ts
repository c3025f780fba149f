import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const technicians = pgTable(
  'technicians',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    role: text('role', { enum: ['ADMIN', 'TECH'] }).notNull().default('TECH'),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('technicians_email_lower_key').on(sql`lower(${table.email})`),
    check('technicians_role_check', sql`${table.role} in ('ADMIN', 'TECH')`),
  ],
);

export const traps = pgTable(
  'traps',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    area: text('area'),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    qrSlug: text('qr_slug').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('traps_code_lower_key').on(sql`lower(${table.code})`),
    uniqueIndex('traps_qr_slug_key').on(table.qrSlug),
    // Inventory filters: code prefix search, area, status (each paged in code order). In byte order ("C"), one
    // index serves both a code prefix and the code order, so a search reads only its own range of codes.
    index('traps_code_c_idx').using('btree', sql`(lower(${table.code}) collate "C")`),
    index('traps_area_pattern_idx').using('btree', sql`lower(${table.area}) text_pattern_ops`),
    index('traps_area_code_idx').on(table.area, table.code),
    index('traps_active_code_idx').on(table.isActive, table.code),
  ],
);

/** Work orders. The API calls them sessions; the interface calls them órdenes. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
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
  },
  (table) => [
    index('sessions_technician_id_idx').on(table.technicianId, table.id),
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
    status: text('status', { enum: ['PENDING', 'COMPLETED'] }).notNull().default('PENDING'),
    /** When the trap was inspected: the device's time for a scan made offline, else the server's. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the server received the accepted scan. */
    receivedAt: timestamp('received_at', { withTimezone: true }),
    completedById: integer('completed_by_id').references(() => technicians.id, { onDelete: 'set null' }),
    clientScanId: uuid('client_scan_id'),
  },
  (table) => [
    uniqueIndex('session_items_session_trap_key').on(table.sessionId, table.trapId),
    index('session_items_trap_id_idx').on(table.trapId),
    check('session_items_status_check', sql`${table.status} in ('PENDING', 'COMPLETED')`),
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
