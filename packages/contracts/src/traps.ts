import { z } from 'zod';
import { IdNumber, MAX_ID, Timestamp } from './common.js';
import { PageParams, pageOf, SearchText } from './paging.js';

export const Trap = z.object({
  id: z.number().int(),
  code: z.string(),
  area: z.string().nullable(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  qrSlug: z.string(),
  createdAt: Timestamp,
});
export type Trap = z.infer<typeof Trap>;

export const TRAP_CODE_MAX = 40;

const TrapCode = z
  .string({ error: 'El código es obligatorio.' })
  .trim()
  .min(1, 'El código es obligatorio.')
  .max(TRAP_CODE_MAX, `El código admite como máximo ${TRAP_CODE_MAX} caracteres.`);

/** Optional text: trimmed, and stored as null when nothing is left. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} debe ser texto.` })
    .trim()
    .max(max, `${label} admite como máximo ${max} caracteres.`)
    .nullable()
    .transform((value) => (value ? value : null));

const Area = optionalText('El área', 80);
const Description = optionalText('La descripción', 500);

export const CreateTrapBody = z.strictObject({
  code: TrapCode,
  area: Area.optional(),
  description: Description.optional(),
  isActive: z.boolean().default(true),
});
export type CreateTrapBody = z.infer<typeof CreateTrapBody>;

export const UpdateTrapBody = z.strictObject({
  code: TrapCode.optional(),
  area: Area.optional(),
  description: Description.optional(),
  isActive: z.boolean().optional(),
});
export type UpdateTrapBody = z.infer<typeof UpdateTrapBody>;

const Active = z.enum(['true', 'false'], { error: 'active debe ser true o false.' });

/**
 * Filters for the inventory: code or area starting with `q` (any case); exact area, or traps without one
 * (`noArea`); status. In code order, or by area then code (`sort=area`: the order form's groups, page after page).
 */
export const TrapListQuery = z.strictObject({
  ...PageParams,
  q: SearchText.optional(),
  area: SearchText.optional(),
  noArea: z.enum(['true'], { error: 'noArea solo admite true.' }).optional(),
  active: Active.optional(),
  sort: z.enum(['code', 'area'], { error: 'sort debe ser code o area.' }).optional(),
});
export type TrapListQuery = z.infer<typeof TrapListQuery>;

export const TrapPage = pageOf(Trap);
export type TrapPage = z.infer<typeof TrapPage>;

/** The areas in use (traps whose code or area starts with `q`, when given). */
export const TrapAreasQuery = z.strictObject({ q: SearchText.optional() });
export type TrapAreasQuery = z.infer<typeof TrapAreasQuery>;

/** One area with how many traps it holds, and how many of them are active; `area` null for traps without one. */
export const TrapAreaCount = z.object({ area: z.string().nullable(), total: z.number().int(), active: z.number().int() });
export type TrapAreaCount = z.infer<typeof TrapAreaCount>;

export const MAX_LABELS_PER_SHEET = 5000;

export const LabelSheetQuery = z.strictObject({
  ids: z
    .string()
    .max(100_000, 'Demasiados identificadores.')
    .regex(/^\d+(,\d+)*$/, 'ids debe ser una lista de números separados por comas.')
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .refine((ids) => ids.every((id) => id >= 1 && id <= MAX_ID), 'Algunas trampas solicitadas no existen.')
    .refine((ids) => ids.length <= MAX_LABELS_PER_SHEET, `Se pueden imprimir como máximo ${MAX_LABELS_PER_SHEET} etiquetas a la vez.`)
    .optional(),
});
export type LabelSheetQuery = z.infer<typeof LabelSheetQuery>;

/** The traps whose labels to print, for a choice too long for an address (POST /traps/labels). */
export const LabelSheetBody = z.strictObject({
  ids: z
    .array(IdNumber, { error: 'ids debe ser una lista de números.' })
    .min(1, 'Elige al menos una trampa.')
    .max(MAX_LABELS_PER_SHEET, `Se pueden imprimir como máximo ${MAX_LABELS_PER_SHEET} etiquetas a la vez.`)
    .transform((ids) => [...new Set(ids)]),
});
export type LabelSheetBody = z.infer<typeof LabelSheetBody>;

export const TrapMessages = {
  notFound: 'La trampa no existe.',
  codeTaken: 'Ya existe una trampa con ese código.',
  inUse: 'La trampa forma parte de órdenes registradas; desactívala en lugar de eliminarla.',
  noneToPrint: 'No hay trampas activas para imprimir.',
  someMissing: 'Algunas trampas solicitadas no existen.',
} as const;
