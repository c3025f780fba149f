/** Site assessments: the diagnosis, the annual survey, the quarterly reviews (modules/assessments). */
import type { QuarterFigures } from '@rondin/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { technicians } from './accounts.js';
import { createdAt } from './columns.js';
import { files } from './files.js';
import { sites } from './sites.js';

/** An area walked, as stored: the contracts' AssessmentArea. */
export interface StoredArea {
  area: string;
  pressure: 'NINGUNA' | 'BAJA' | 'MEDIA' | 'ALTA';
  conditions: ('ESTRUCTURA' | 'HIGIENE' | 'ALMACENAMIENTO' | 'ENTORNO' | 'PROCESO' | 'OTRA')[];
  notes: string | null;
  photoIds: string[];
}

/** A recommendation as stored; `actionId`: the CLIENTE action it became when the assessment was signed. */
export interface StoredRecommendationRow {
  text: string;
  dueDate: string;
  actionId: number | null;
}

/**
 * An assessment of a site: BORRADOR while written, FIRMADA once a technical manager signed it (then never changed:
 * its report is stored with its SHA-256), ACEPTADA once the client acknowledged it. A correction is a new row
 * with `revision_of_id` (one revision an assessment, a unique index): once signed it supersedes the one it
 * corrects, which is derived, not stored, so a backup restores rows in id order without a forward reference.
 */
export const assessments = pgTable(
  'assessments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The id the phone gave it, so a retried POST answers the stored one. */
    clientAssessmentId: text('client_assessment_id'),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['DIAGNOSTICO', 'REVISION_ANUAL', 'REVISION_TRIMESTRAL'] }).notNull(),
    status: text('status', { enum: ['BORRADOR', 'FIRMADA', 'ACEPTADA'] })
      .notNull()
      .default('BORRADOR'),
    periodFrom: date('period_from', { mode: 'string' }),
    periodTo: date('period_to', { mode: 'string' }),
    performedAt: timestamp('performed_at', { withTimezone: true }).notNull(),
    performedById: integer('performed_by_id').references(() => technicians.id, { onDelete: 'set null' }),
    areas: jsonb('areas').$type<StoredArea[]>().notNull().default([]),
    conclusions: text('conclusions'),
    recommendations: jsonb('recommendations').$type<StoredRecommendationRow[]>().notNull().default([]),
    /** A quarterly review's figures, counted when its draft opened. */
    figures: jsonb('figures').$type<QuarterFigures>(),
    revisionOfId: integer('revision_of_id').references((): AnyPgColumn => assessments.id, { onDelete: 'restrict' }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signedById: integer('signed_by_id').references(() => technicians.id, { onDelete: 'set null' }),
    /** The signer's name and qualification as they were when signing. */
    signerName: text('signer_name'),
    signerQualification: text('signer_qualification'),
    /** A copy of the signer's stored signature when signing: a later one never changes what was signed. */
    signatureFileId: integer('signature_file_id').references(() => files.id, { onDelete: 'restrict' }),
    /** The signed report as issued, and its SHA-256: served as stored from then on. */
    reportFileId: integer('report_file_id').references(() => files.id, { onDelete: 'restrict' }),
    reportSha256: text('report_sha256'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** The client's person who acknowledged it in the portal. */
    acceptedById: integer('accepted_by_id').references(() => technicians.id, { onDelete: 'set null' }),
    /** What they wrote when they acknowledged it, if anything. */
    acceptanceNote: text('acceptance_note'),
    createdById: integer('created_by_id').references(() => technicians.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('assessments_client_id_key').on(table.clientAssessmentId),
    uniqueIndex('assessments_revision_of_key').on(table.revisionOfId),
    index('assessments_site_idx').on(table.siteId, table.kind, table.performedAt),
    check('assessments_kind_check', sql`${table.kind} in ('DIAGNOSTICO', 'REVISION_ANUAL', 'REVISION_TRIMESTRAL')`),
    check('assessments_status_check', sql`${table.status} in ('BORRADOR', 'FIRMADA', 'ACEPTADA')`),
    check(
      'assessments_signed_check',
      sql`(${table.status} = 'BORRADOR') = (${table.signedAt} is null) and (${table.signedAt} is null) = (${table.reportSha256} is null)`,
    ),
    check(
      'assessments_period_check',
      sql`${table.periodFrom} is null or ${table.periodTo} is null or ${table.periodFrom} <= ${table.periodTo}`,
    ),
  ],
);

/** An assessment's photos: the file, its small JPEG made at upload, and the id the phone gave it. */
export const assessmentPhotos = pgTable(
  'assessment_photos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    clientPhotoId: text('client_photo_id').notNull(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    thumbnailFileId: integer('thumbnail_file_id').references(() => files.id, { onDelete: 'set null' }),
    byId: integer('by_id').references(() => technicians.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('assessment_photos_assessment_idx').on(table.assessmentId, table.id),
    uniqueIndex('assessment_photos_client_key').on(table.clientPhotoId),
    uniqueIndex('assessment_photos_file_key').on(table.fileId),
  ],
);
