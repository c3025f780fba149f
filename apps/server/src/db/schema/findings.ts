/** Findings: what was found at a device, its catches and its photos (modules/findings). */
import { TRAP_TYPES } from '@rondin/contracts/devices';
import {
  ACTIVITY_LEVELS,
  BAIT_STATES,
  CAPTURE_BANDS,
  DEVICE_STATUSES,
  EVIDENCE_KINDS,
  FINDING_ACTIONS,
  FINDING_ORIGINS,
  FINDING_FLAGS,
} from '@rondin/contracts/finding-rules';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { technicians } from './accounts.js';
import { allIn, createdAt, textList } from './columns.js';
import { traps } from './devices.js';
import { files } from './files.js';
import { sessionItems } from './orders.js';
import { pests } from './pests.js';
import { sites } from './sites.js';

/**
 * What was found at a device in one order, one row per version: append-only, never updated nor deleted while
 * its order exists (session_items.finding_id points at the current one). Site, trap and the trap's type are
 * copied in as they were, so trends read one table through its indexes (see src/modules/findings/README.md).
 */
export const findings = pgTable(
  'findings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null for a remote finding (origin REMOTO): no order, no visit. */
    itemId: integer('item_id').references(() => sessionItems.id, { onDelete: 'cascade' }),
    /**
     * INSPECCION: a technician's, at an order's item. REMOTO: an electronic device's capture or activity event
     * (modules/integrations/remote-events), judged by the thresholds but never a visit.
     */
    origin: text('origin', { enum: FINDING_ORIGINS }).notNull().default('INSPECCION'),
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
    check(
      'findings_origin_check',
      sql`${table.origin} in ('INSPECCION', 'REMOTO') and (${table.origin} = 'REMOTO') = (${table.itemId} is null)`,
    ),
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
