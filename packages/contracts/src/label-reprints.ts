import { z } from 'zod';
import { Id, IdNumber, Timestamp } from './common.js';
import { ManualReasonSchema } from './findings.js';
import { MAX_LABELS_PER_SHEET } from './traps.js';

/**
 * A device whose label must be printed again: queued when a technician recorded it MANUAL (the label could
 * not be read). One pending per device: a second request keeps the first.
 */
export const LabelReprint = z.object({
  id: z.number().int(),
  trap: z.object({
    id: z.number().int(),
    code: z.string(),
    area: z.string().nullable(),
    siteId: z.number().int(),
    siteName: z.string(),
  }),
  reason: ManualReasonSchema,
  requestedAt: Timestamp,
  requestedBy: z.object({ id: z.number().int(), fullName: z.string() }).nullable(),
  /** The order it was requested in; null once that order was deleted. */
  sessionId: z.number().int().nullable(),
});
export type LabelReprint = z.infer<typeof LabelReprint>;

/** GET /label-reprints (ADMIN): the pending ones, oldest first; one site's with `siteId`. */
export const LabelReprintListQuery = z.strictObject({ siteId: Id.optional() });
export type LabelReprintListQuery = z.infer<typeof LabelReprintListQuery>;

/**
 * POST /label-reprints/print (ADMIN) → application/pdf: one label sheet (the traps' labels renderer) of the
 * pending reprints given by `ids`, or without ids of every pending one (of `siteId` when given), and marks them
 * printed in the same transaction (printedAt, printedBy), so the queue empties. 409 LabelReprintMessages.noneToPrint
 * when none is pending; 400 someNotPending when an id given is not pending.
 */
export const PrintLabelReprintsBody = z
  .strictObject({
    ids: z
      .array(IdNumber, { error: 'ids debe ser una lista de números.' })
      .min(1, 'Elige al menos una reimpresión.')
      .max(MAX_LABELS_PER_SHEET, `Se pueden imprimir como máximo ${MAX_LABELS_PER_SHEET} etiquetas a la vez.`)
      .transform((ids) => [...new Set(ids)])
      .optional(),
    siteId: IdNumber.optional(),
  })
  .nullish();
export type PrintLabelReprintsBody = z.infer<typeof PrintLabelReprintsBody>;
