/** Corrective actions and their history (modules/actions). */
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { technicians } from './accounts.js';
import { assessments } from './assessments.js';
import { createdAt } from './columns.js';
import { traps } from './devices.js';
import { files } from './files.js';
import { sites } from './sites.js';

/**
 * Corrective actions: opened by a finding or exception over an ACCION limit (origin UMBRAL, by the database
 * in the finding's transaction: modules/thresholds/sql/rondin_record_breach.sql), by hand (MANUAL, or a client
 * RECOMENDACION), or with a sighting of the plant's staff (AVISTAMIENTO, modules/sightings). Closed by a person,
 * never by themselves.
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
    origin: text('origin', { enum: ['UMBRAL', 'MANUAL', 'RECOMENDACION', 'AVISTAMIENTO'] }).notNull(),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull(),
    detectedById: integer('detected_by_id').references(() => technicians.id, { onDelete: 'set null' }),
    severity: text('severity', { enum: ['BAJA', 'MEDIA', 'ALTA'] }).notNull(),
    description: text('description').notNull(),
    immediateCorrection: text('immediate_correction'),
    /** What happened to the product: SIN_IMPACTO, PRODUCTO_RETENIDO, PRODUCTO_DESECHADO, EN_EVALUACION; productImpact is its note. */
    productImpactKind: text('product_impact_kind', {
      enum: ['SIN_IMPACTO', 'PRODUCTO_RETENIDO', 'PRODUCTO_DESECHADO', 'EN_EVALUACION'],
    }),
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
    /** How it was verified: with verifiedBy and verifiedOn, what a close states (modules/actions README). */
    verificationResult: text('verification_result'),
    verifiedBy: text('verified_by'),
    verifiedOn: date('verified_on', { mode: 'string' }),
    closingNote: text('closing_note'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedById: integer('closed_by_id').references(() => technicians.id, { onDelete: 'set null' }),
    /** The signed assessment whose recommendation it is (origin RECOMENDACION, responsible CLIENTE). */
    assessmentId: integer('assessment_id').references(() => assessments.id, { onDelete: 'restrict' }),
    /** A recommendation (responsible CLIENTE) acknowledged in the portal: when, by whom, with their note. */
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedById: integer('acknowledged_by_id').references(() => technicians.id, { onDelete: 'set null' }),
    acknowledgementNote: text('acknowledgement_note'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('corrective_actions_assessment_idx').on(table.assessmentId).where(sql`${table.assessmentId} is not null`),
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
    check(
      'corrective_actions_origin_check',
      sql`${table.origin} in ('UMBRAL', 'MANUAL', 'RECOMENDACION', 'AVISTAMIENTO')`,
    ),
    check('corrective_actions_severity_check', sql`${table.severity} in ('BAJA', 'MEDIA', 'ALTA')`),
    check('corrective_actions_responsible_check', sql`${table.responsible} in ('EMPRESA', 'CLIENTE')`),
    check('corrective_actions_status_check', sql`${table.status} in ('ABIERTA', 'EN_CURSO', 'CERRADA')`),
    check(
      'corrective_actions_product_impact_kind_check',
      sql`${table.productImpactKind} in ('SIN_IMPACTO', 'PRODUCTO_RETENIDO', 'PRODUCTO_DESECHADO', 'EN_EVALUACION')`,
    ),
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

/** Every change of an action's due date or responsible: who, when, the value before and after, and why. */
export const correctiveActionChanges = pgTable(
  'corrective_action_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actionId: integer('action_id')
      .notNull()
      .references(() => correctiveActions.id, { onDelete: 'cascade' }),
    field: text('field', { enum: ['dueDate', 'responsible', 'responsibleName'] }).notNull(),
    before: text('before'),
    after: text('after'),
    /** Required when the due date moves later. */
    reason: text('reason'),
    byId: integer('by_id').references(() => technicians.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('corrective_action_changes_action_idx').on(table.actionId, table.id),
    check(
      'corrective_action_changes_field_check',
      sql`${table.field} in ('dueDate', 'responsible', 'responsibleName')`,
    ),
  ],
);

/** What the plant says it did about a recommendation (POST /portal/actions/{id}/responses), with its photos. */
export const actionResponses = pgTable(
  'action_responses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actionId: integer('action_id')
      .notNull()
      .references(() => correctiveActions.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    byId: integer('by_id').references(() => technicians.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('action_responses_action_idx').on(table.actionId, table.id)],
);

/** Photo evidence of an action: the photo (files) and its small JPEG made at upload (lib/print-thumbnail.ts). */
export const actionPhotos = pgTable(
  'action_photos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actionId: integer('action_id')
      .notNull()
      .references(() => correctiveActions.id, { onDelete: 'cascade' }),
    /** Sent by the plant with a response: shown on the action like the office's photos. */
    responseId: integer('response_id').references(() => actionResponses.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    thumbnailFileId: integer('thumbnail_file_id').references(() => files.id, { onDelete: 'set null' }),
    byId: integer('by_id').references(() => technicians.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('action_photos_action_idx').on(table.actionId, table.id),
    uniqueIndex('action_photos_file_key').on(table.fileId),
  ],
);
