import { z } from 'zod';
import { text, Timestamp } from './common.js';
import { PEST_GROUPS } from './devices.js';
import { TrapTypeSchema } from './traps.js';
import { PestMessages } from './messages.js';

export const PestGroupSchema = z.enum(PEST_GROUPS, { error: `El grupo debe ser uno de: ${PEST_GROUPS.join(', ')}.` });

/** A species, or for light traps a group catches are counted by ("Moscas"), that findings name. */
export const Pest = z.object({
  id: z.number().int(),
  name: z.string(),
  scientificName: z.string().nullable(),
  group: PestGroupSchema,
  isActive: z.boolean(),
  createdAt: Timestamp,
});
export type Pest = z.infer<typeof Pest>;

export const PEST_NAME_MAX = 80;
export const PEST_SCIENTIFIC_NAME_MAX = 120;

const PestName = text('El nombre', { error: PestMessages.nameRequired })
  .trim()
  .min(1, PestMessages.nameRequired)
  .max(PEST_NAME_MAX, `El nombre admite como máximo ${PEST_NAME_MAX} caracteres.`);

/** Trimmed, and stored as null when nothing is left (a group-level entry has none). */
const ScientificName = text('El nombre científico', { error: 'El nombre científico debe ser texto.' })
  .trim()
  .max(PEST_SCIENTIFIC_NAME_MAX, `El nombre científico admite como máximo ${PEST_SCIENTIFIC_NAME_MAX} caracteres.`)
  .nullable()
  .transform((value) => (value ? value : null));

export const CreatePestBody = z.strictObject({
  name: PestName,
  scientificName: ScientificName.optional(),
  group: PestGroupSchema,
  isActive: z.boolean().default(true),
});
export type CreatePestBody = z.infer<typeof CreatePestBody>;
/** What a client sends: isActive may be left out. */
export type CreatePestInput = z.input<typeof CreatePestBody>;

/** A pest is never deleted (findings keep naming it): it is deactivated with isActive false. */
export const UpdatePestBody = z.strictObject({
  name: PestName.optional(),
  scientificName: ScientificName.optional(),
  group: PestGroupSchema.optional(),
  isActive: z.boolean().optional(),
});
export type UpdatePestBody = z.infer<typeof UpdatePestBody>;

/** Without `all`, the active pests (what a finding can name); `all=true`, inactive ones too (administrators). */
export const PestListQuery = z.strictObject({
  all: z.enum(['true', 'false'], { error: 'all debe ser true o false.' }).optional(),
});
export type PestListQuery = z.infer<typeof PestListQuery>;

/** How many of a site's most caught pests GET /sites/{id}/common-pests gives per device type. */
export const COMMON_PESTS_PER_TYPE = 10;

/**
 * GET /sites/{id}/common-pests (ADMIN, or a technician with an open order at that site; others 404): for each
 * device type, the ids of the pests most caught at the site over the last 12 months (current versions of the
 * findings, a band counting as its least), most first, at most COMMON_PESTS_PER_TYPE; a type with no catches is
 * left out. The phone keeps it for offline use and lists those pests first in the capture form.
 */
export const CommonPests = z.object({
  byType: z.partialRecord(TrapTypeSchema, z.array(z.number().int())),
});
export type CommonPests = z.infer<typeof CommonPests>;
