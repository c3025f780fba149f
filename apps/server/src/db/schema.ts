import { PEST_GROUPS, RISK_LEVELS, TRAP_TYPES, ZONES } from '@rondin/contracts/devices';
import {
  ACTIVITY_LEVELS,
  BAIT_STATES,
  CAPTURE_BANDS,
  DEVICE_STATUSES,
  EVIDENCE_KINDS,
  EXCEPTION_REASON_DETAILS,
  EXCEPTION_REASONS,
  FINDING_ACTIONS,
  FINDING_FLAGS,
  MANUAL_REASONS,
} from '@rondin/contracts/finding-rules';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
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
    /** The biocide applicator's card (carné): its number and, when it has one, its expiry. */
    licenceNumber: text('licence_number'),
    licenceExpiresAt: date('licence_expires_at', { mode: 'string' }),
    /** Qualification level, checked against a product's user category; null when not recorded. */
    qualification: text('qualification', { enum: ['APLICADOR', 'RESPONSABLE_TECNICO', 'ESPECIAL'] }),
    /** The technician's drawn signature (PNG), copied onto each certificate they close. */
    signatureFileId: integer('signature_file_id').references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('technicians_email_lower_key').on(sql`lower(${table.email})`),
    check('technicians_role_check', sql`${table.role} in ('ADMIN', 'TECH')`),
    check(
      'technicians_qualification_check',
      sql`${table.qualification} in ('APLICADOR', 'RESPONSABLE_TECNICO', 'ESPECIAL')`,
    ),
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
    /** Its place in the site's walk order (1 first); null: none, walked after, by code. */
    routeOrder: integer('route_order'),
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
    check('traps_route_order_check', sql`${table.routeOrder} > 0`),
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
    technicianId: integer('technician_id')
      .notNull()
      .references(() => technicians.id, { onDelete: 'restrict' }),
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
    check('service_plans_horizon_check', sql`${table.horizonDays} between 1 and 90`),
    check('service_plans_dates_check', sql`${table.endDate} is null or ${table.endDate} >= ${table.startDate}`),
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
  },
  (table) => [
    // At most one order per plan and date, whatever number of generators run at once.
    uniqueIndex('sessions_service_plan_date_key').on(table.servicePlanId, table.plannedDate),
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
    uniqueIndex('files_storage_key_key').on(table.storageKey),
  ],
);

/**
 * The company that heads every PDF and label: one row (id 1), written by the first save of the settings. The
 * logo is a PNG re-encoded at upload, kept as a file like any other.
 */
export const companySettings = pgTable(
  'company_settings',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull(),
    taxId: text('tax_id'),
    address: text('address'),
    phone: text('phone'),
    /** The biocide-service registry (ROESB with its autonomous community, or the local equivalent). */
    registryNumber: text('registry_number'),
    technicalManager: text('technical_manager'),
    logoFileId: integer('logo_file_id').references(() => files.id, { onDelete: 'restrict' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('company_settings_one_row_check', sql`${table.id} = 1`)],
);

/**
 * Objects of the S3-compatible store whose file is gone (deleted, or moved back into the database). The trigger
 * files_object_delete adds the key in the transaction that lets the file go, and the server deletes the object
 * once that transaction has committed (src/files/object-deletions.ts): a rolled-back transaction never loses one.
 */
export const fileObjectDeletions = pgTable('file_object_deletions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  storageKey: text('storage_key').notNull(),
  createdAt: createdAt(),
});

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

/** A text[] column's values all among the given ones. */
const allIn = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} <@ array[${sql.raw(values.map((value) => `'${value}'`).join(', '))}]::text[]`;
const textList = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);

/**
 * What was found at a device in one order, one row per version: append-only, never updated nor deleted while
 * its order exists (session_items.finding_id points at the current one). Site, trap and the trap's type are
 * copied in as they were, so trends read one table through its indexes (see src/modules/findings/README.md).
 */
export const findings = pgTable(
  'findings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => sessionItems.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'restrict' }),
    trapId: integer('trap_id')
      .notNull()
      .references(() => traps.id, { onDelete: 'restrict' }),
    trapType: text('trap_type', { enum: TRAP_TYPES }).notNull(),
    clientFindingId: uuid('client_finding_id').notNull(),
    technicianId: integer('technician_id').references(() => technicians.id, { onDelete: 'set null' }),
    /** The device's time when plausible (as a scan's), else the server's: what "latest" is decided by. */
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    /** The time the device sent, as sent. */
    deviceTime: timestamp('device_time', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    deviceStatus: text('device_status', { enum: DEVICE_STATUSES }).notNull(),
    activity: text('activity', { enum: ACTIVITY_LEVELS }).notNull(),
    derivedActivity: text('derived_activity', { enum: ACTIVITY_LEVELS }).notNull(),
    baitConsumption: smallint('bait_consumption'),
    baitState: text('bait_state', { enum: BAIT_STATES }),
    evidence: textList('evidence'),
    actions: textList('actions'),
    notes: text('notes'),
    reason: text('reason'),
    isCorrection: boolean('is_correction').notNull().default(false),
    /** Warnings for the office, fixed when the version arrived (FOTO_PENDIENTE is worked out when read). */
    flags: textList('flags'),
  },
  (table) => [
    uniqueIndex('findings_client_finding_key').on(table.clientFindingId),
    // An item's versions in recorded order: the current one and the history.
    index('findings_item_recorded_idx').on(table.itemId, table.recordedAt, table.id),
    // Trends: a site's, a device type's or a device's findings over a period.
    index('findings_site_recorded_idx').on(table.siteId, table.recordedAt),
    index('findings_type_recorded_idx').on(table.trapType, table.recordedAt),
    index('findings_trap_recorded_idx').on(table.trapId, table.recordedAt),
    // The cadence check: one technician's findings in the last minutes.
    index('findings_technician_recorded_idx').on(table.technicianId, table.recordedAt),
    check(
      'findings_device_status_check',
      sql`${table.deviceStatus} in (${sql.raw(DEVICE_STATUSES.map((value) => `'${value}'`).join(', '))})`,
    ),
    check('findings_activity_check', sql`${table.activity} in ('NINGUNA', 'BAJA', 'MEDIA', 'ALTA')`),
    check('findings_derived_activity_check', sql`${table.derivedActivity} in ('NINGUNA', 'BAJA', 'MEDIA', 'ALTA')`),
    check('findings_bait_consumption_check', sql`${table.baitConsumption} in (0, 25, 50, 75, 100)`),
    check('findings_bait_state_check', sql`${table.baitState} in ('CEBO_AUSENTE', 'CEBO_DETERIORADO')`),
    check('findings_evidence_check', allIn(table.evidence, EVIDENCE_KINDS)),
    check('findings_actions_check', allIn(table.actions, FINDING_ACTIONS)),
    check('findings_flags_check', allIn(table.flags, FINDING_FLAGS)),
    check('findings_notes_check', sql`char_length(${table.notes}) <= 1000`),
    check('findings_correction_check', sql`not ${table.isCorrection} or ${table.reason} is not null`),
  ],
);

/**
 * Catches of one pest in one finding version: counted, or a band on a saturated board. recorded_at is the
 * finding's, copied so a pest's catches over a period are read through one index.
 */
export const findingCaptures = pgTable(
  'finding_captures',
  {
    findingId: bigint('finding_id', { mode: 'number' })
      .notNull()
      .references(() => findings.id, { onDelete: 'cascade' }),
    pestId: integer('pest_id')
      .notNull()
      .references(() => pests.id, { onDelete: 'restrict' }),
    count: integer('count'),
    band: text('band', { enum: CAPTURE_BANDS }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'finding_captures_pkey', columns: [table.findingId, table.pestId] }),
    index('finding_captures_pest_recorded_idx').on(table.pestId, table.recordedAt),
    check(
      'finding_captures_amount_check',
      sql`(${table.count} is null) <> (${table.band} is null) and ${table.count} >= 0
        and ${table.band} in ('0', '1-10', '11-50', '>50')`,
    ),
  ],
);

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

/** Photos of a device in an order (at most 5 an item); the bytes are a file of the files storage. */
export const photos = pgTable(
  'photos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => sessionItems.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    clientPhotoId: uuid('client_photo_id').notNull(),
    technicianId: integer('technician_id').references(() => technicians.id, { onDelete: 'set null' }),
    /**
     * The photo made small at upload, as certificates print it (lib/print-thumbnail.ts); null for a photo stored
     * before thumbnails were (migration 0026), or one whose bytes could not be decoded: made at close then.
     */
    thumbnailFileId: integer('thumbnail_file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('photos_client_photo_key').on(table.clientPhotoId),
    index('photos_item_idx').on(table.itemId, table.id),
    uniqueIndex('photos_file_key').on(table.fileId),
  ],
);

/**
 * Limits on what findings show (modules/thresholds): global ones (site_id null) by device type, zone and risk
 * level, and a site's own, which take the place of the global one with the same type, zone, risk, metric,
 * pest group and level. Versioned: a change ends the rows in force (valid_to) and adds new ones, so a finding
 * recorded earlier and delivered later is judged by the limits in force when it was recorded. No foreign
 * keys: the history outlives a deleted site or account. The defaults ship with valid_from '-infinity'.
 */
export const thresholds = pgTable(
  'thresholds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id'),
    trapType: text('trap_type', { enum: TRAP_TYPES }).notNull(),
    zone: text('zone', { enum: ZONES }),
    riskLevel: text('risk_level', { enum: RISK_LEVELS }),
    metric: text('metric', {
      enum: ['ACTIVIDAD', 'CONSUMO_CEBO', 'CAPTURAS', 'CAPTURAS_SEMANA', 'ESTADO', 'REPETICION'],
    }).notNull(),
    pestGroup: text('pest_group', { enum: PEST_GROUPS }),
    level: text('level', { enum: ['ALERTA', 'ACCION'] }).notNull(),
    value: integer('value').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull().defaultNow(),
    validTo: timestamp('valid_to', { withTimezone: true }),
    createdById: integer('created_by_id'),
  },
  (table) => [
    index('thresholds_type_idx').on(table.trapType, table.validFrom),
    index('thresholds_site_idx').on(table.siteId, table.validFrom),
    check(
      'thresholds_metric_check',
      sql`${table.metric} in ('ACTIVIDAD', 'CONSUMO_CEBO', 'CAPTURAS', 'CAPTURAS_SEMANA', 'ESTADO', 'REPETICION')`,
    ),
    check('thresholds_level_check', sql`${table.level} in ('ALERTA', 'ACCION')`),
    check(
      'thresholds_pest_group_check',
      sql`${table.pestGroup} is null or ${table.metric} in ('CAPTURAS', 'CAPTURAS_SEMANA')`,
    ),
    check('thresholds_value_check', sql`${table.value} >= 1`),
    check('thresholds_validity_check', sql`${table.validTo} is null or ${table.validTo} >= ${table.validFrom}`),
  ],
);

/**
 * Corrective actions: opened by a finding or exception over an ACCION limit (origin UMBRAL, by the database
 * in the finding's transaction: modules/thresholds/sql/rondin_record_breach.sql), or by hand (MANUAL, or a client
 * RECOMENDACION). Closed by a person, never by themselves.
 */
export const correctiveActions = pgTable(
  'corrective_actions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'restrict' }),
    trapId: integer('trap_id').references(() => traps.id, { onDelete: 'restrict' }),
    area: text('area'),
    origin: text('origin', { enum: ['UMBRAL', 'MANUAL', 'RECOMENDACION'] }).notNull(),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull(),
    detectedById: integer('detected_by_id').references(() => technicians.id, { onDelete: 'set null' }),
    severity: text('severity', { enum: ['BAJA', 'MEDIA', 'ALTA'] }).notNull(),
    description: text('description').notNull(),
    immediateCorrection: text('immediate_correction'),
    productImpact: text('product_impact'),
    rootCause: text('root_cause'),
    preventiveAction: text('preventive_action'),
    responsible: text('responsible', { enum: ['EMPRESA', 'CLIENTE'] }).notNull(),
    responsibleName: text('responsible_name'),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['ABIERTA', 'EN_CURSO', 'CERRADA'] })
      .notNull()
      .default('ABIERTA'),
    verificationPlan: text('verification_plan'),
    verificationResult: text('verification_result'),
    closingNote: text('closing_note'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedById: integer('closed_by_id').references(() => technicians.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One open action a device for its breaches: later ones are its occurrences.
    uniqueIndex('corrective_actions_open_threshold_key')
      .on(table.trapId)
      .where(sql`${table.origin} = 'UMBRAL' and ${table.status} <> 'CERRADA'`),
    // One open action an area (no device) for its repeated activity (REPETICION): later ones join it.
    uniqueIndex('corrective_actions_open_area_threshold_key')
      .on(table.siteId, table.area)
      .where(sql`${table.origin} = 'UMBRAL' and ${table.status} <> 'CERRADA' and ${table.trapId} is null`),
    index('corrective_actions_site_idx').on(table.siteId, table.status, table.dueDate),
    index('corrective_actions_status_idx').on(table.status, table.dueDate),
    check('corrective_actions_origin_check', sql`${table.origin} in ('UMBRAL', 'MANUAL', 'RECOMENDACION')`),
    check('corrective_actions_severity_check', sql`${table.severity} in ('BAJA', 'MEDIA', 'ALTA')`),
    check('corrective_actions_responsible_check', sql`${table.responsible} in ('EMPRESA', 'CLIENTE')`),
    check('corrective_actions_status_check', sql`${table.status} in ('ABIERTA', 'EN_CURSO', 'CERRADA')`),
    check('corrective_actions_closed_check', sql`(${table.status} = 'CERRADA') = (${table.closedAt} is not null)`),
  ],
);

/** Every state change of an action (the first: its opening), with who, when and why. */
export const correctiveActionEvents = pgTable(
  'corrective_action_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actionId: integer('action_id')
      .notNull()
      .references(() => correctiveActions.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    note: text('note'),
    byId: integer('by_id').references(() => technicians.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('corrective_action_events_action_idx').on(table.actionId, table.id)],
);

/**
 * What a finding version or an exception crossed, recorded once in its transaction (one row a finding
 * version, one an exception); those over an ACCION limit are occurrences of the action they opened or joined.
 */
export const thresholdBreaches = pgTable(
  'threshold_breaches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id').notNull(),
    trapId: integer('trap_id').notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => sessionItems.id, { onDelete: 'cascade' }),
    findingId: bigint('finding_id', { mode: 'number' }).references(() => findings.id, { onDelete: 'cascade' }),
    exceptionReason: text('exception_reason'),
    level: text('level', { enum: ['ALERTA', 'ACCION'] }).notNull(),
    /** [{metric, pestGroup, level, limit, observed}] */
    breaches: jsonb('breaches').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    actionId: integer('action_id').references(() => correctiveActions.id, { onDelete: 'set null' }),
    /** The area's action a REPETICION crossing at ACCION opened or joined (the device's stays in actionId). */
    areaActionId: integer('area_action_id').references(() => correctiveActions.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('threshold_breaches_finding_key').on(table.findingId).where(sql`${table.findingId} is not null`),
    uniqueIndex('threshold_breaches_exception_key').on(table.itemId).where(sql`${table.findingId} is null`),
    index('threshold_breaches_action_idx').on(table.actionId, table.occurredAt),
    index('threshold_breaches_area_action_idx')
      .on(table.areaActionId, table.occurredAt)
      .where(sql`${table.areaActionId} is not null`),
    index('threshold_breaches_trap_idx').on(table.trapId, table.occurredAt),
    check('threshold_breaches_level_check', sql`${table.level} in ('ALERTA', 'ACCION')`),
  ],
);

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
    check('certificates_number_check', sql`${table.number} between 1 and 999999`),
  ],
);

/**
 * Biocide products a company applies (DESIGN-audit.md, "Certificates and the audit pack"). Never deleted once
 * an application names one: deactivated. The safety data sheet and the label are PDFs kept as files, each with
 * the date printed on it.
 */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** Active substances with their concentrations, as the label prints them. */
    activeIngredients: text('active_ingredients').notNull(),
    registrationNumber: text('registration_number').notNull(),
    /** Biocide product type (TP14 rodenticides, TP18 insecticides…). */
    type: text('type').notNull(),
    authorisationExpiresAt: date('authorisation_expires_at', { mode: 'string' }).notNull(),
    userCategory: text('user_category', { enum: ['PROFESIONAL', 'ESPECIALIZADO'] }).notNull(),
    foodIndustryAllowed: boolean('food_industry_allowed').notNull().default(false),
    /** Plazo de seguridad: hours after the application ends before people may go back in. */
    safetyIntervalHours: integer('safety_interval_hours').notNull().default(0),
    toxic: boolean('toxic').notNull().default(false),
    cmr: boolean('cmr').notNull().default(false),
    anticoagulant: boolean('anticoagulant').notNull().default(false),
    sdsFileId: integer('sds_file_id').references(() => files.id, { onDelete: 'restrict' }),
    sdsIssuedOn: date('sds_issued_on', { mode: 'string' }),
    labelFileId: integer('label_file_id').references(() => files.id, { onDelete: 'restrict' }),
    labelIssuedOn: date('label_issued_on', { mode: 'string' }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('products_name_lower_key').on(sql`lower(${table.name})`),
    check('products_type_check', sql`${table.type} ~ '^TP([1-9]|1[0-9]|2[0-2])$'`),
    check('products_user_category_check', sql`${table.userCategory} in ('PROFESIONAL', 'ESPECIALIZADO')`),
    check('products_safety_interval_check', sql`${table.safetyIntervalHours} between 0 and 8760`),
    check('products_sds_check', sql`(${table.sdsFileId} is null) = (${table.sdsIssuedOn} is null)`),
    check('products_label_check', sql`(${table.labelFileId} is null) = (${table.labelIssuedOn} is null)`),
  ],
);

/**
 * A product applied during an order, recorded on the phone (offline, by its client id) or in the office. The
 * safety interval is copied from the product when recorded, so the re-entry time on a certificate never moves.
 */
export const applications = pgTable(
  'applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    clientApplicationId: uuid('client_application_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    /** The product's lot. */
    batch: text('batch').notNull(),
    quantity: doublePrecision('quantity').notNull(),
    unit: text('unit', { enum: ['g', 'kg', 'ml', 'l', 'unidades'] }).notNull(),
    area: text('area'),
    trapId: integer('trap_id').references(() => traps.id, { onDelete: 'restrict' }),
    targetPestId: integer('target_pest_id').references(() => pests.id, { onDelete: 'restrict' }),
    method: text('method').notNull(),
    /** Dose or dilution, as the technician wrote it ("20 g por estación", "0,5 %"). */
    dose: text('dose'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    safetyIntervalHours: integer('safety_interval_hours').notNull(),
    applicatorId: integer('applicator_id')
      .notNull()
      .references(() => technicians.id, { onDelete: 'restrict' }),
    recordedById: integer('recorded_by_id').references(() => technicians.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('applications_client_application_key').on(table.clientApplicationId),
    index('applications_session_idx').on(table.sessionId, table.id),
    index('applications_product_idx').on(table.productId),
    check('applications_quantity_check', sql`${table.quantity} > 0`),
    check('applications_unit_check', sql`${table.unit} in ('g', 'kg', 'ml', 'l', 'unidades')`),
    check('applications_times_check', sql`${table.startedAt} <= ${table.endedAt}`),
  ],
);

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
