import { z } from 'zod';
import { Id, IdNumber, multilineText, text, Timestamp } from './common.js';
import { TRAP_TYPE_SHORT_NAMES, type TrapType } from './devices.js';
import { PestGroupSchema } from './pests.js';
import { PROGRAMME_LIMITS, PROGRAMME_PARTIES } from './programme-names.js';
import { LocalDate, ServiceFrequency } from './service-plans.js';
import { TrapTypeSchema } from './traps.js';

const where = (zone: string | null) => (zone === null ? 'todas las áreas' : `el área «${zone}»`);

export const ProgrammeMessages = {
  none: 'Este sitio aún no tiene programa de control.',
  noneInForce: (date: string) => `Ningún programa de control aprobado estaba en vigor el ${date}.`,
  versionNotFound: 'Esa versión del programa de control no existe.',
  unknownProducts: (ids: readonly number[]) =>
    ids.length === 1
      ? `El producto ${ids[0]} no existe: elige entre los productos registrados.`
      : `Los productos ${ids.join(', ')} no existen: elige entre los productos registrados.`,
  areaNotInSite: (areas: readonly string[]) =>
    areas.length === 1
      ? `El sitio no tiene el área «${areas[0]}»: elige entre las áreas de sus dispositivos o deja «todas».`
      : `El sitio no tiene las áreas ${areas.map((area) => `«${area}»`).join(', ')}: elige entre las áreas de sus dispositivos o deja «todas».`,
  repeatedFrequency: (type: TrapType, zone: string | null) =>
    `La frecuencia de «${TRAP_TYPE_SHORT_NAMES[type]}» en ${where(zone)} aparece dos veces: deja una sola fila.`,
  repeatedPestGroup: 'Un grupo de plagas aparece dos veces.',
  repeatedProduct: 'Un producto aparece dos veces en los permitidos.',
  notTechnicalManager:
    'Solo un responsable técnico aprueba el programa de control: tu cuenta no tiene la cualificación RESPONSABLE_TECNICO.',
  alreadyApproved: (version: number, name: string, date: string) =>
    `La versión ${version} ya fue aprobada por ${name} el ${date}.`,
  notLatest: (version: number, latest: number) =>
    `La versión ${version} ya fue reemplazada por la versión ${latest}: solo se aprueba la última.`,
  notApproved: (version: number) =>
    `La versión ${version} aún no está aprobada: el cliente acepta una versión aprobada por el responsable técnico.`,
  alreadyAccepted: (version: number, name: string, date: string) =>
    `La versión ${version} ya fue aceptada por ${name} el ${date}.`,
  acceptedBy: 'Indica quién acepta: un contacto del cliente (contactId) o su nombre (name).',
  contactAndName: 'Indica contactId o name, no ambos: el nombre de un contacto se toma de su ficha.',
  contactNotOfSite: 'Ese contacto no es del cliente de este sitio, o no atiende este sitio.',
  acceptanceBeforeApproval: (date: string) => `La aceptación no puede ser anterior a la aprobación (${date}).`,
  acceptanceInFuture: 'La fecha de aceptación no puede ser posterior a hoy.',
  periodReversed: 'La fecha de término (to) no puede ser anterior a la de inicio (from).',
  periodTooLong: 'El periodo de cobertura admite como máximo 5 años.',
} as const;

const Line = (label: string, max: number) =>
  text(label, { error: `${label} es obligatorio.` })
    .trim()
    .min(1, `${label} es obligatorio.`)
    .max(max, `${label} admite como máximo ${max} caracteres.`);
const Paragraphs = (label: string, max: number) =>
  multilineText(label, { error: `${label} es obligatorio.` })
    .trim()
    .min(1, `${label} es obligatorio.`)
    .max(max, `${label} admite como máximo ${max} caracteres.`);

export const ProgrammeParty = z.enum(PROGRAMME_PARTIES, { error: 'La parte responsable debe ser EMPRESA o CLIENTE.' });
export type ProgrammeParty = z.infer<typeof ProgrammeParty>;

/**
 * The contracted inspection frequency of a site's devices of `type` in one area (`zone`, one of the site's
 * devices' areas), or in every area without a row of its own (`zone` null).
 */
export const ProgrammeFrequency = z.strictObject({
  type: TrapTypeSchema,
  zone: Line('El área', 120).nullable(),
  frequency: ServiceFrequency,
});
export type ProgrammeFrequency = z.infer<typeof ProgrammeFrequency>;

export const ProgrammeResponsibility = z.strictObject({
  party: ProgrammeParty,
  text: Paragraphs('El texto de la responsabilidad', PROGRAMME_LIMITS.responsibility),
});
export type ProgrammeResponsibility = z.infer<typeof ProgrammeResponsibility>;

/** A save: the whole programme, kept as a new version. */
export const SaveProgrammeBody = z.strictObject({
  scope: Paragraphs('El alcance', PROGRAMME_LIMITS.scope),
  targetPestGroups: z
    .array(PestGroupSchema, { error: 'Los grupos de plagas deben ser una lista.' })
    .min(1, 'Indica al menos un grupo de plagas objetivo.')
    .refine((groups) => new Set(groups).size === groups.length, ProgrammeMessages.repeatedPestGroup),
  methods: Paragraphs('Los métodos', PROGRAMME_LIMITS.methods),
  frequencies: z
    .array(ProgrammeFrequency, { error: 'Las frecuencias deben ser una lista.' })
    .max(PROGRAMME_LIMITS.frequencies, `Un programa admite como máximo ${PROGRAMME_LIMITS.frequencies} frecuencias.`),
  responseTimeHours: z
    .number({ error: 'El tiempo de respuesta debe ser un número entero de horas.' })
    .int('El tiempo de respuesta debe ser un número entero de horas.')
    .min(1, 'El tiempo de respuesta debe ser al menos 1 hora.')
    .max(
      PROGRAMME_LIMITS.responseTimeHours,
      `El tiempo de respuesta admite como máximo ${PROGRAMME_LIMITS.responseTimeHours} horas.`,
    ),
  responsibilities: z
    .array(ProgrammeResponsibility, { error: 'Las responsabilidades deben ser una lista.' })
    .max(
      PROGRAMME_LIMITS.responsibilities,
      `Un programa admite como máximo ${PROGRAMME_LIMITS.responsibilities} responsabilidades.`,
    ),
  permittedProductIds: z
    .array(IdNumber, { error: 'Los productos permitidos deben ser una lista de identificadores.' })
    .max(PROGRAMME_LIMITS.products, `Un programa admite como máximo ${PROGRAMME_LIMITS.products} productos.`)
    .refine((ids) => new Set(ids).size === ids.length, ProgrammeMessages.repeatedProduct),
  /** The day from which the version applies once approved; left out: today in the site's zone. */
  effectiveFrom: LocalDate.optional(),
});
export type SaveProgrammeBody = z.infer<typeof SaveProgrammeBody>;

export const AcceptProgrammeBody = z.strictObject({
  /** A contact of the site's client (its name and role are taken from it), or `name` (and `role`) typed. */
  contactId: IdNumber.optional(),
  name: Line('El nombre de quien acepta', 200).optional(),
  role: Line('El cargo de quien acepta', 200).nullable().optional(),
  /** The day the client accepted it (signed the paper, answered the email). */
  date: LocalDate,
});
export type AcceptProgrammeBody = z.infer<typeof AcceptProgrammeBody>;

const Person = z.object({ id: z.number().int().nullable(), fullName: z.string() });

export const ProgrammeVersion = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  /** 1, 2, 3… per site: every save is the next one; a saved version never changes. */
  version: z.number().int(),
  effectiveFrom: z.string(),
  scope: z.string(),
  targetPestGroups: z.array(PestGroupSchema),
  methods: z.string(),
  frequencies: z.array(z.object({ type: TrapTypeSchema, zone: z.string().nullable(), frequency: ServiceFrequency })),
  responseTimeHours: z.number().int(),
  responsibilities: z.array(z.object({ party: ProgrammeParty, text: z.string() })),
  permittedProductIds: z.array(z.number().int()),
  /** The permitted products, by name, as they are named now. */
  permittedProducts: z.array(z.object({ id: z.number().int(), name: z.string(), isActive: z.boolean() })),
  savedAt: Timestamp,
  /** Who saved it (`id` null once the account is gone; the name stays). */
  savedBy: Person,
  /** By the technical manager; null while it is a draft. */
  approval: z.object({ at: Timestamp, by: Person }).nullable(),
  /** By a person of the client, on `date`; recorded by `recordedBy` at `recordedAt`. */
  acceptance: z
    .object({
      date: z.string(),
      name: z.string(),
      role: z.string().nullable(),
      contactId: z.number().int().nullable(),
      recordedAt: Timestamp,
      recordedBy: Person,
    })
    .nullable(),
  /** The version in force today (the latest approved one whose effectiveFrom has come). */
  inForce: z.boolean(),
});
export type ProgrammeVersion = z.infer<typeof ProgrammeVersion>;

export const ProgrammeQuery = z.strictObject({
  /** The version in force on that day (404 when none); left out: the latest version, approved or not. */
  at: LocalDate.optional(),
});
export type ProgrammeQuery = z.infer<typeof ProgrammeQuery>;

export const ProgrammeVersionParams = z.strictObject({ id: Id, version: Id });
export type ProgrammeVersionParams = z.infer<typeof ProgrammeVersionParams>;

export const ProgrammeCoverageQuery = z.strictObject({
  /** First day of the period, in the site's zone. */
  from: LocalDate,
  /** Last day of the period, included. */
  to: LocalDate,
});
export type ProgrammeCoverageQuery = z.infer<typeof ProgrammeCoverageQuery>;

/** One window of a frequency row: [from, to) in the site's days; owed when the row was in force at `from`. */
export const ProgrammeCoveragePeriod = z.object({
  from: z.string(),
  to: z.string(),
  /** The version in force on `from` that contracts this row. */
  version: z.number().int(),
  /** The row's devices in service during the window. */
  devices: z.number().int(),
  /** Of them, those inspected at least once in it (QR read or printed code typed; an exception is not). */
  inspected: z.number().int(),
});

export const ProgrammeCoverageRow = z.object({
  type: TrapTypeSchema,
  zone: z.string().nullable(),
  frequency: ServiceFrequency,
  /** Windows of the frequency in the period, whole, in which the row was contracted and had devices. */
  visitsOwed: z.number().int(),
  /** Orders that inspected at least one of the row's devices in those windows. */
  visitsMade: z.number().int(),
  /** Windows in which every device of the row was inspected. */
  periodsCovered: z.number().int(),
  /** Device × window pairs owed, and those inspected. */
  inspectionsOwed: z.number().int(),
  inspectionsDone: z.number().int(),
  periods: z.array(ProgrammeCoveragePeriod),
  /** Devices not inspected in some owed window, by code, with the windows (their first day) they missed. */
  missed: z.array(
    z.object({ trapId: z.number().int(), code: z.string(), area: z.string().nullable(), periods: z.array(z.string()) }),
  ),
});
export type ProgrammeCoverageRow = z.infer<typeof ProgrammeCoverageRow>;

export const ProgrammeCoverage = z.object({
  siteId: z.number().int(),
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /** The approved versions in force at some day of the period, oldest first. */
  versions: z.array(z.object({ version: z.number().int(), effectiveFrom: z.string() })),
  rows: z.array(ProgrammeCoverageRow),
});
export type ProgrammeCoverage = z.infer<typeof ProgrammeCoverage>;
