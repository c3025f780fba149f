import { z } from 'zod';
import { text, Timestamp } from './common.js';
import { PEST_GROUPS } from './devices.js';
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
