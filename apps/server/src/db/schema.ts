import { PEST_GROUPS, RISK_LEVELS, TRAP_TYPES, ZONES } from '@rondin/contracts/devices';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Raw bytes (PostgreSQL bytea), read and written as Buffers by both drivers. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const technicians = pgTable(
  'technicians',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    role: text('role', { enum: ['ADMIN', 'TECH'] })
      .notNull()
      .default('TECH'),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Raised at every password change and carried in each token: a token of an older version was issued
     * before the password changed and is refused everywhere (REST, realtime, the scan's own check).
     */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('technicians_email_lower_key').on(sql`lower(${table.email})`),
    check('technicians_role_check', sql`${table.role} in ('ADMIN', 'TECH')`),
  ],
);

/** A place served (a client's plant, a warehouse). Every trap and every order belongs to one. */
export const sites = pgTable(
  'sites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** The company served there. */
    client: text('client'),
    address: text('address'),
    /** IANA zone its documents use; null: the server's TIME_ZONE. */
    timeZone: text('time_zone'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('sites_name_lower_key').on(sql`lower(${table.name})`)],
);

export const traps = pgTable(
  'traps',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'restrict' }),
    code: text('code').notNull(),
    /** What kind of device it is: it decides what the phone asks about it. */
    type: text('type', { enum: TRAP_TYPES }).notNull().default('OTRO'),
    /** Where it stands against the building; null until someone classifies a device that predates zones. */
    zone: text('zone', { enum: ZONES }),
    /** ALTO: product exposed nearby. Null until classified, as zone. */
    riskLevel: text('risk_level', { enum: RISK_LEVELS }),
    area: text('area'),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    qrSlug: text('qr_slug').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    // Codes repeat between sites (every plant has its TRP-001), never within one.
    uniqueIndex('traps_site_code_lower_key').on(table.siteId, sql`lower(${table.code})`),
    uniqueIndex('traps_qr_slug_key').on(table.qrSlug),
    index('traps_site_id_idx').on(table.siteId),
    check('traps_type_check', sql`${table.type} in ('CEBADERO', 'CAPTURA', 'LAMINA', 'LUZ_UV', 'FEROMONA', 'OTRO')`),
    check('traps_zone_check', sql`${table.zone} in ('EXTERIOR', 'PERIMETRO_INTERIOR', 'INTERIOR')`),
    check('traps_risk_level_check', sql`${table.riskLevel} in ('ALTO', 'MEDIO', 'BAJO')`),
    // Inventory filters: the code order, a search for text anywhere in the code or area, area, status (each
    // paged in code order). In byte order ("C"), one btree gives the code order and pages through it; the
    // trigram indexes (pg_trgm) find a code or area containing the text without reading every trap.
    index('traps_code_c_idx').using('btree', sql`(lower(${table.code}) collate "C")`),
    index('traps_code_trgm_idx').using('gin', sql`lower(${table.code}) gin_trgm_ops`),
    index('traps_area_trgm_idx').using('gin', sql`lower(${table.area}) gin_trgm_ops`),
    index('traps_area_code_idx').on(table.area, table.code),
    index('traps_active_code_idx').on(table.isActive, table.code),
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
  },
  (table) => [
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

/** The species (or, for light traps, the groups) a technician records catches of. */
export const pests = pgTable(
  'pests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    scientificName: text('scientific_name'),
    group: text('group', { enum: PEST_GROUPS }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('pests_name_lower_key').on(sql`lower(${table.name})`),
    check(
      'pests_group_check',
      sql`${table.group} in ('ROEDORES', 'RASTREROS', 'VOLADORES', 'PRODUCTO_ALMACENADO', 'OTROS')`,
    ),
  ],
);

export const FILE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;

/**
 * Every stored file's metadata (plans, photos, logos, safety data sheets), whichever backend holds its bytes:
 * the database (file_chunks) by default, an S3-compatible store with S3_BUCKET (src/files).
 */
export const files = pgTable(
  'files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The name it is downloaded under. */
    name: text('name').notNull(),
    /** Read from its bytes when it arrived, never from its name. */
    mediaType: text('media_type', { enum: FILE_MEDIA_TYPES }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    backend: text('backend', { enum: ['database', 's3'] }).notNull(),
    /** The object's key in the S3-compatible store; null on the database backend. */
    storageKey: text('storage_key'),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      'files_media_type_check',
      sql`${table.mediaType} in ('image/png', 'image/jpeg', 'image/webp', 'application/pdf')`,
    ),
    check('files_backend_check', sql`(${table.backend} = 'database') = (${table.storageKey} is null)`),
  ],
);

/** The database backend's bytes, 256 KiB a row, so a file is streamed in and out a piece at a time. */
export const fileChunks = pgTable(
  'file_chunks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (table) => [uniqueIndex('file_chunks_file_seq_key').on(table.fileId, table.seq)],
);

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
