import { z } from 'zod';
import { DateTimeInput, IdNumber, text, Timestamp } from './common.js';
import { ActivitySchema } from './findings.js';
import { HEAT_CLASSES } from './heat.js';
import { PlanMessages, ReportMessages } from './messages.js';
import { periodInOrder } from './reports.js';
import { TrapTypeSchema, ZoneSchema } from './traps.js';

/** Largest plan image accepted (PNG, JPEG or WebP; a PDF plan becomes an image in the browser first). */
export const PLAN_IMAGE_MAX_BYTES = 15 * 1024 * 1024;
export const PLAN_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/**
 * Most pixels a plan image may have: room for an A1 sheet scanned at 200 dpi (31 MP). A phone shows the plan
 * decoded, 4 bytes a pixel: a larger image would take more memory than a phone gives a page.
 */
export const PLAN_IMAGE_MAX_PIXELS = 40_000_000;

/** A site's floor plan: one image, its pixel size, and how many devices stand on it. */
export const Plan = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  mediaType: z.enum(PLAN_IMAGE_TYPES),
  /** Bytes of the image. */
  size: z.number().int(),
  placedCount: z.number().int(),
  createdAt: Timestamp,
  /** When the image or the name last changed. */
  updatedAt: Timestamp,
});
export type Plan = z.infer<typeof Plan>;

export const PlanName = text('El nombre del plano', { error: PlanMessages.nameRequired })
  .trim()
  .min(1, PlanMessages.nameRequired)
  .max(120, 'El nombre del plano admite como máximo 120 caracteres.');

/** PATCH /api/plans/{id} renames; PUT /api/plans/{id}/image (multipart, `file`) replaces the image. */
export const UpdatePlanBody = z.strictObject({ name: PlanName });
export type UpdatePlanBody = z.infer<typeof UpdatePlanBody>;

/** A point of the image, from its top-left corner, as a fraction of its width and height. */
const Coordinate = (axis: 'x' | 'y') =>
  z
    .number({ error: `${axis} debe ser un número entre 0 y 1.` })
    .min(0, `${axis} debe estar entre 0 y 1.`)
    .max(1, `${axis} debe estar entre 0 y 1.`);

export const PutPlacementBody = z.strictObject({ planId: IdNumber, x: Coordinate('x'), y: Coordinate('y') });
export type PutPlacementBody = z.infer<typeof PutPlacementBody>;

/** Most devices placed in one request: a whole site's at once. */
export const MAX_BULK_PLACEMENTS = 2000;

/**
 * PUT /api/plans/{id}/placements: many devices of the plan's site put (or moved) on it at once, all or none;
 * the devices not named stay where they are.
 */
export const PutPlanPlacementsBody = z.strictObject({
  placements: z
    .array(z.strictObject({ trapId: IdNumber, x: Coordinate('x'), y: Coordinate('y') }), {
      error: PlanMessages.bulkEmpty,
    })
    .min(1, PlanMessages.bulkEmpty)
    .max(MAX_BULK_PLACEMENTS, PlanMessages.bulkTooMany(MAX_BULK_PLACEMENTS)),
});
export type PutPlanPlacementsBody = z.infer<typeof PutPlanPlacementsBody>;

/** Where one device stands on a plan. */
export const Placement = z.object({
  trapId: z.number().int(),
  planId: z.number().int(),
  x: z.number(),
  y: z.number(),
  placedAt: Timestamp,
});
export type Placement = z.infer<typeof Placement>;

/** A device on a plan, with what its marker and legend show. */
export const PlanDevice = Placement.extend({
  /** Its marker's number on the map and in the legend (markNumbers): its code's own number, or its rank. */
  number: z.number().int(),
  code: z.string(),
  type: TrapTypeSchema,
  zone: ZoneSchema.nullable(),
  area: z.string().nullable(),
  isActive: z.boolean(),
});
export type PlanDevice = z.infer<typeof PlanDevice>;

/** GET /api/plans/{id}: the plan and every active device on it, in code order. */
export const PlanDetail = Plan.extend({ devices: z.array(PlanDevice) });
export type PlanDetail = z.infer<typeof PlanDetail>;

/** One change of a device's place, newest first; planId null when it was taken off its plan. */
export const PlacementEvent = z.object({
  id: z.number().int(),
  trapId: z.number().int(),
  planId: z.number().int().nullable(),
  planName: z.string().nullable(),
  x: z.number().nullable(),
  y: z.number().nullable(),
  at: Timestamp,
  by: z.object({ id: z.number().int(), fullName: z.string() }).nullable(),
});
export type PlacementEvent = z.infer<typeof PlacementEvent>;

export { HEAT_CLASSES, HEAT_LIMITS, HEAT_STYLES, type HeatClass } from './heat.js';
export const HeatClassSchema = z.enum(HEAT_CLASSES);

/** GET /api/plans/{id}/heat and the map PDF's period: [from, to); without them, the twelve months up to now. */
export const PlanHeatQuery = z
  .strictObject({ from: DateTimeInput.optional(), to: DateTimeInput.optional() })
  .refine(periodInOrder, { message: ReportMessages.periodReversed, path: ['from'] });
export type PlanHeatQuery = z.infer<typeof PlanHeatQuery>;

/** What one device of the plan showed over the period, and its heat class. */
export const PlanHeatDevice = z.object({
  trapId: z.number().int(),
  /** Its marker's number, as in GET /api/plans/{id} and the map. */
  number: z.number().int(),
  code: z.string(),
  type: TrapTypeSchema,
  area: z.string().nullable(),
  x: z.number(),
  y: z.number(),
  /** Inspections in the period: findings recorded in it, each by its current version (a correction replaces). */
  inspections: z.number().int(),
  /** Of them, those whose activity is not NINGUNA. */
  withActivity: z.number().int(),
  /** Catches over those inspections; a band counts as its least (0, 1, 11, 51). */
  captures: z.number().int(),
  /** Captures over the period's weeks, two decimals. */
  capturesPerWeek: z.number(),
  /** The highest activity found, null without inspections. */
  maxActivity: ActivitySchema.nullable(),
  /** Mean bait eaten (%, bait stations), one decimal; null when none was recorded. */
  meanBaitConsumption: z.number().nullable(),
  /** Visits closed with an exception in the period (not found or not reachable). */
  exceptions: z.number().int(),
  /** Inspections that found the device damaged. */
  damaged: z.number().int(),
  heat: HeatClassSchema,
});
export type PlanHeatDevice = z.infer<typeof PlanHeatDevice>;

export const PlanHeat = z.object({
  planId: z.number().int(),
  from: Timestamp,
  to: Timestamp,
  /** The site's zone: the period's days are read in it. */
  timeZone: z.string(),
  /** Every active device on the plan, in marker order. */
  devices: z.array(PlanHeatDevice),
});
export type PlanHeat = z.infer<typeof PlanHeat>;
