import { z } from 'zod';
import { Id, IdNumber, text, Timestamp } from './common.js';
import {
  MAX_HORIZON_DAYS,
  MAX_PLAN_TECHNICIANS,
  PLAN_ASSIGNMENTS,
  SERVICE_FREQUENCIES,
} from './service-plan-options.js';
import { TrapTypeSchema } from './traps.js';

export const ServiceFrequency = z.enum(SERVICE_FREQUENCIES, {
  error: `La frecuencia debe ser una de: ${SERVICE_FREQUENCIES.join(', ')}.`,
});
export type ServiceFrequency = z.infer<typeof ServiceFrequency>;

export const PlanAssignment = z.enum(PLAN_ASSIGNMENTS, {
  error: 'La asignación debe ser ROTATING (rotativo) o BY_AREA (por zona).',
});
export type PlanAssignment = z.infer<typeof PlanAssignment>;

export const ServicePlanMessages = {
  notFound: 'El plan de servicio no existe.',
  nameRequired: 'El nombre del plan es obligatorio.',
  siteUnavailable: 'El sitio no existe o está inactivo.',
  technicianUnavailable: 'El técnico no existe o está inactivo.',
  technicianNamed: (fullName: string) => `${fullName} está inactivo: elige un técnico activo.`,
  technicianRequired: 'Indica el técnico del plan (technicianId) o sus técnicos (technicians).',
  technicianTwice: 'Indica technicianId o technicians, no ambos.',
  technicianRepeated: 'Un técnico aparece dos veces en el plan.',
  rotatingWithAreas: 'En un plan rotativo los técnicos no llevan áreas: cada visita recorre las del plan.',
  technicianWithoutAreas: (fullName: string) =>
    `En un plan por zona cada técnico recorre al menos un área: asígnale una a ${fullName}.`,
  areaTwice: (area: string) => `El área «${area}» está asignada a más de un técnico: cada área va a uno solo.`,
  areaUnassigned: (area: string) => `El área «${area}» del plan no está asignada a ningún técnico.`,
  areaOutsidePlan: (area: string) => `El área «${area}» asignada a un técnico no está entre las áreas del plan.`,
  endBeforeStart: 'La fecha de término no puede ser anterior a la de inicio.',
  hasOrders: 'El plan ya creó órdenes; desactívalo en lugar de eliminarlo.',
  inactive: 'El plan está inactivo: actívalo para generar sus órdenes.',
  /** An area or a device type the plan names that none of the site's devices has. */
  areaNotInSite: (areas: readonly string[]) =>
    areas.length === 1
      ? `El sitio no tiene el área «${areas[0]}»: elige entre las áreas de sus dispositivos.`
      : `El sitio no tiene las áreas ${areas.map((area) => `«${area}»`).join(', ')}: elige entre las áreas de sus dispositivos.`,
  typeNotInSite: (types: readonly string[]) =>
    types.length === 1
      ? `El sitio no tiene dispositivos de tipo «${types[0]}».`
      : `El sitio no tiene dispositivos de tipo ${types.map((type) => `«${type}»`).join(', ')}.`,
} as const;

/** A calendar day, YYYY-MM-DD, that exists (no 30 February). */
export const LocalDate = z
  .string({ error: 'La fecha debe tener el formato AAAA-MM-DD.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'La fecha debe tener el formato AAAA-MM-DD.')
  .refine((value) => {
    const [year, month, day] = value.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  }, 'La fecha no existe en el calendario.');

/** A time of day, HH:MM, read in a site's zone. */
export const LocalTime = z
  .string({ error: 'La hora debe tener el formato HH:MM.' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'La hora debe tener el formato HH:MM (00:00 a 23:59).');

const PlanName = text('El nombre del plan', { error: ServicePlanMessages.nameRequired })
  .trim()
  .min(1, ServicePlanMessages.nameRequired)
  .max(120, 'El nombre del plan admite como máximo 120 caracteres.');

const nullableList = <T extends z.ZodType>(list: T) =>
  list.nullable().transform((value) => (value && (value as unknown[]).length > 0 ? value : null));

const Areas = z
  .array(
    text('El área')
      .trim()
      .min(1, 'Un área no puede estar vacía.')
      .max(120, 'Un área admite como máximo 120 caracteres.'),
    { error: 'Las áreas deben ser una lista de textos.' },
  )
  .max(100, 'Un plan admite como máximo 100 áreas.');
const Types = z.array(TrapTypeSchema, { error: 'Los tipos deben ser una lista.' }).max(10);

/** A technician of the plan, in its order; `areas` only in a BY_AREA plan. */
const PlanTechnicianInput = z.strictObject({
  technicianId: IdNumber,
  areas: nullableList(Areas).optional(),
});
const PlanTechnicians = z
  .array(PlanTechnicianInput, { error: 'Los técnicos deben ser una lista.' })
  .min(1, 'El plan necesita al menos un técnico.')
  .max(MAX_PLAN_TECHNICIANS, `Un plan admite como máximo ${MAX_PLAN_TECHNICIANS} técnicos.`);

const HorizonDays = z
  .number({ error: 'Los días de anticipación deben ser un número entero.' })
  .int('Los días de anticipación deben ser un número entero.')
  .min(1, 'Los días de anticipación deben ser al menos 1.')
  .max(MAX_HORIZON_DAYS, `Los días de anticipación admiten como máximo ${MAX_HORIZON_DAYS}.`);

export const ServicePlan = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  name: z.string(),
  /** The first technician of `technicians` (what a plan had when it had one). */
  technicianId: z.number().int(),
  technician: z.object({ id: z.number().int(), fullName: z.string() }),
  assignment: PlanAssignment,
  /** In order (the rotation's); `areas`: the plan's areas each one visits in a BY_AREA plan, else null. */
  technicians: z.array(
    z.object({
      id: z.number().int(),
      fullName: z.string(),
      isActive: z.boolean(),
      areas: z.array(z.string()).nullable(),
    }),
  ),
  frequency: ServiceFrequency,
  startDate: z.string(),
  time: z.string(),
  horizonDays: z.number().int(),
  endDate: z.string().nullable(),
  /** Devices of these areas only; null: every area. */
  areas: z.array(z.string()).nullable(),
  /** Devices of these types only; null: every type. */
  types: z.array(TrapTypeSchema).nullable(),
  isActive: z.boolean(),
  /** The last date the generator created an order for (or skipped, with no devices); null: none yet. */
  generatedUntil: z.string().nullable(),
  createdAt: Timestamp,
});
export type ServicePlan = z.infer<typeof ServicePlan>;

export const CreateServicePlanBody = z
  .strictObject({
    siteId: IdNumber,
    name: PlanName,
    /** The plan's only technician, as before plans had several; or `technicians`. */
    technicianId: IdNumber.optional(),
    technicians: PlanTechnicians.optional(),
    assignment: PlanAssignment.default('ROTATING'),
    frequency: ServiceFrequency,
    startDate: LocalDate,
    time: LocalTime,
    /** Left out: two of the frequency's periods (DEFAULT_HORIZON_DAYS), the next two visits in sight. */
    horizonDays: HorizonDays.optional(),
    endDate: LocalDate.nullable().optional(),
    areas: nullableList(Areas).optional(),
    types: nullableList(Types).optional(),
    isActive: z.boolean({ error: 'isActive debe ser verdadero o falso.' }).default(true),
  })
  .refine((plan) => !plan.endDate || plan.endDate >= plan.startDate, {
    message: ServicePlanMessages.endBeforeStart,
    path: ['endDate'],
  })
  .refine((plan) => plan.technicianId !== undefined || plan.technicians !== undefined, {
    message: ServicePlanMessages.technicianRequired,
    path: ['technicians'],
  })
  .refine((plan) => plan.technicianId === undefined || plan.technicians === undefined, {
    message: ServicePlanMessages.technicianTwice,
    path: ['technicians'],
  });
export type CreateServicePlanBody = z.infer<typeof CreateServicePlanBody>;

/**
 * A field left out keeps its value. A change applies to the orders not yet created; with `applyToOpen`, the
 * plan's future orders nobody has started are also recreated from the new terms.
 */
export const UpdateServicePlanBody = z
  .strictObject({
    name: PlanName.optional(),
    /** The plan's only technician from now on (a rotating plan of one), as before plans had several. */
    technicianId: IdNumber.optional(),
    technicians: PlanTechnicians.optional(),
    assignment: PlanAssignment.optional(),
    frequency: ServiceFrequency.optional(),
    startDate: LocalDate.optional(),
    time: LocalTime.optional(),
    horizonDays: HorizonDays.optional(),
    endDate: LocalDate.nullable().optional(),
    areas: nullableList(Areas).optional(),
    types: nullableList(Types).optional(),
    isActive: z.boolean({ error: 'isActive debe ser verdadero o falso.' }).optional(),
    applyToOpen: z.boolean({ error: 'applyToOpen debe ser verdadero o falso.' }).default(false),
  })
  .refine((plan) => !plan.endDate || !plan.startDate || plan.endDate >= plan.startDate, {
    message: ServicePlanMessages.endBeforeStart,
    path: ['endDate'],
  })
  .refine((plan) => plan.technicianId === undefined || plan.technicians === undefined, {
    message: ServicePlanMessages.technicianTwice,
    path: ['technicians'],
  });
export type UpdateServicePlanBody = z.infer<typeof UpdateServicePlanBody>;

export const ServicePlanListQuery = z.strictObject({
  siteId: Id.optional(),
});
export type ServicePlanListQuery = z.infer<typeof ServicePlanListQuery>;

/** What a plan of the site may narrow its devices to: the areas and types of its active devices. */
export const ServicePlanOptions = z.object({
  areas: z.array(z.string()),
  types: z.array(TrapTypeSchema),
});
export type ServicePlanOptions = z.infer<typeof ServicePlanOptions>;

export const ServicePlanOptionsQuery = z.strictObject({ siteId: Id });
export type ServicePlanOptionsQuery = z.infer<typeof ServicePlanOptionsQuery>;

/** What one run of the generator did for a plan. */
export const GenerateResult = z.object({
  /** Orders created now. */
  created: z.number().int(),
  /** Dates passed over because no active device matched the plan. */
  skippedWithoutDevices: z.array(z.string()),
});
export type GenerateResult = z.infer<typeof GenerateResult>;
