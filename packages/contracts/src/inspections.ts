import { z } from 'zod';
import { DateTimeInput, Id, Timestamp } from './common.js';
import { ACTIVITY_LEVELS, ITEM_OUTCOMES } from './finding-rules.js';
import { Finding, ItemException, ItemManual, ItemOutcomeSchema } from './findings.js';
import { ExportFormatSchema } from './list-export.js';
import { ReportMessages } from './messages.js';
import { PageParams, pageOf } from './paging.js';
import { periodInOrder } from './reports.js';
import { TrapTypeSchema, ZoneSchema } from './traps.js';

/**
 * Filters of the office's list of inspections (GET /api/inspections): each row is one device inspected in one
 * order. The period is the half-open [from, to) of instants, as the reports'; it applies to `inspectedAt`.
 * `activityMin` keeps the devices whose current finding's activity is that level or higher (NINGUNA: every
 * device with a finding); `pestId` those whose current finding caught that pest (at least one, or a band above
 * "0"); `technicianId` the ones that person inspected.
 */
export const InspectionFilterFields = {
  siteId: Id.optional(),
  from: DateTimeInput.optional(),
  to: DateTimeInput.optional(),
  type: TrapTypeSchema.optional(),
  activityMin: z
    .enum(ACTIVITY_LEVELS, { error: `activityMin debe ser uno de: ${ACTIVITY_LEVELS.join(', ')}.` })
    .optional(),
  pestId: Id.optional(),
  technicianId: Id.optional(),
  outcome: z.enum(ITEM_OUTCOMES, { error: `outcome debe ser uno de: ${ITEM_OUTCOMES.join(', ')}.` }).optional(),
};

export const InspectionListQuery = z
  .strictObject({ ...PageParams, ...InspectionFilterFields })
  .refine(periodInOrder, { message: ReportMessages.periodReversed, path: ['from'] });
export type InspectionListQuery = z.infer<typeof InspectionListQuery>;

/** GET /api/inspections/export: every inspection the same filters keep, as CSV or Excel (format). */
export const InspectionExportQuery = z
  .strictObject({ ...InspectionFilterFields, format: ExportFormatSchema })
  .refine(periodInOrder, { message: ReportMessages.periodReversed, path: ['from'] });
export type InspectionExportQuery = z.infer<typeof InspectionExportQuery>;
/** The list's filters, without the page: what an export reads. */
export type InspectionFilter = Omit<InspectionExportQuery, 'format'>;

const Person = z.object({ id: z.number().int(), fullName: z.string() });

/**
 * One device inspected in one order: scanned (SCANNED, the only outcome that proves the technician was there),
 * its printed code typed (MANUAL, inspected but not proof of presence) or accounted for without a scan (EXCEPTION), with what was found (the finding's current version) and its
 * photos. Devices still pending are not inspections and are not listed.
 */
export const Inspection = z.object({
  itemId: z.number().int(),
  sessionId: z.number().int(),
  /**
   * When the device was inspected: the scan's time, or the time the exception was recorded. Not the finding's
   * recordedAt: a correction made weeks later must not move the visit out of the period it happened in.
   */
  inspectedAt: Timestamp,
  site: z.object({ id: z.number().int(), name: z.string() }),
  trap: z.object({
    id: z.number().int(),
    code: z.string(),
    type: TrapTypeSchema,
    zone: ZoneSchema.nullable(),
    area: z.string().nullable(),
  }),
  /** Who scanned the device or recorded why it could not be. */
  inspectedBy: Person.nullable(),
  outcome: ItemOutcomeSchema,
  exception: ItemException.nullable(),
  /** Set for a MANUAL outcome (code typed, not proof of presence). */
  manual: ItemManual.nullable(),
  /** The current version of what was found; null when nothing was recorded (or for an exception). */
  finding: Finding.nullable(),
  photoIds: z.array(z.number().int()),
});
export type Inspection = z.infer<typeof Inspection>;

export const InspectionPage = pageOf(Inspection);
export type InspectionPage = z.infer<typeof InspectionPage>;
