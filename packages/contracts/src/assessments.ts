import { z } from 'zod';
import { DateTimeInput, Id, IdNumber, multilineText, text, Timestamp } from './common.js';
import {
  ACTION_ORIGINS,
  ACTION_SEVERITIES,
  ACTION_STATUSES,
  THRESHOLD_LEVELS,
  THRESHOLD_METRICS,
} from './action-names.js';
import {
  ASSESSMENT_DUE_STATES,
  ASSESSMENT_KINDS,
  ASSESSMENT_STATUSES,
  PEST_CONDITIONS,
  PEST_PRESSURES,
} from './assessment-names.js';
import { QUALIFICATIONS } from './technician-rules.js';
import { ProgrammeCoverage } from './programmes.js';
import { TrendsReport } from './reports.js';

/** The server's answers about assessments; the screens say the same. */
export const AssessmentMessages = {
  notFound: 'La evaluación no existe.',
  siteNotFound: 'El sitio no existe.',
  day: (label: string) => `${label} debe tener el formato AAAA-MM-DD y existir.`,
  periodReversed: 'El inicio del periodo (periodFrom) no puede ser posterior a su fin (periodTo).',
  quarterStart: 'Una revisión trimestral empieza el primer día de un trimestre (1 de enero, abril, julio u octubre).',
  quarterEnd: 'Una revisión trimestral termina el último día de su trimestre (periodTo).',
  quarterRequired: 'Una revisión trimestral necesita el trimestre: periodFrom, su primer día.',
  quarterFuture: 'El trimestre todavía no ha empezado: su revisión se abre a partir de su primer día.',
  diagnosisNoPeriod: 'Un diagnóstico no lleva periodo (periodFrom, periodTo).',
  performedByNotFound: 'Quien realiza la evaluación (performedBy) no existe o está desactivado.',
  clientIdReused: 'Ese clientAssessmentId ya se usó para una evaluación de otro sitio.',
  clientPhotoIdReused: 'Ese clientPhotoId ya se usó para una foto de otra evaluación.',
  signedReadOnly: 'La evaluación está firmada y no cambia: para corregirla, crea una revisión (revisionOf).',
  notDraft: 'Solo se firma una evaluación en borrador.',
  changedWhileSigning: 'La evaluación cambió mientras se firmaba: revísala y vuelve a firmarla.',
  signNotQualified:
    'Solo firma una evaluación una cuenta con la cualificación de responsable técnico (RESPONSABLE_TECNICO).',
  signNoSignature: 'Tu cuenta no tiene una firma guardada: guárdala en tu ficha antes de firmar.',
  signNeedsAreas: 'Para firmar, la evaluación necesita al menos un área evaluada.',
  signNeedsConclusions: 'Para firmar, escribe las conclusiones.',
  signPhotosMissing: (count: number) =>
    `Faltan ${count} ${count === 1 ? 'foto' : 'fotos'} de las áreas por subir: espera a que se envíen antes de firmar.`,
  revisionOfNotFound: 'La evaluación que se corrige (revisionOf) no existe en este sitio.',
  revisionOfDraft: 'Solo se corrige una evaluación firmada; un borrador se edita.',
  revisionOfSuperseded: 'Esa evaluación ya tiene una revisión que la sustituye: corrige la última.',
  revisionOpen: 'Esa evaluación ya tiene una revisión en borrador: continúa en ella.',
  revisionKind: 'Una revisión es del mismo tipo que la evaluación que corrige.',
  areasList: 'areas debe ser una lista de hasta 100 áreas.',
  areaRequired: 'El nombre del área es obligatorio.',
  areaRepeated: 'Cada área aparece una sola vez.',
  recommendationsList: 'recommendations debe ser una lista de hasta 50 recomendaciones.',
  recommendationText: 'El texto de la recomendación es obligatorio.',
  photoIdsList: 'photoIds debe ser una lista de hasta 10 identificadores (UUID) de foto por área.',
  photoId: 'Cada foto de un área se nombra por su clientPhotoId (un UUID).',
  photoNotFound: 'La foto no existe en esta evaluación.',
  photosTooMany: (max: number) => `Una evaluación admite como máximo ${max} fotos.`,
  photoSigned: 'La evaluación está firmada: no admite más fotos.',
  notSigned: 'La evaluación todavía no está firmada: su informe se emite al firmarla.',
} as const;

/** A calendar day, YYYY-MM-DD, that exists. */
const calendarDay = (label: string) => {
  const message = AssessmentMessages.day(label);
  return z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((value) => {
      const [year, month, day] = value.split('-').map(Number) as [number, number, number];
      const date = new Date(Date.UTC(year, month - 1, day));
      return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
    }, message);
};

const oneOf = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} debe ser uno de: ${values.join(', ')}.` });

const longText = (label: string, max: number) =>
  multilineText(label, { error: `${label} debe ser texto.` })
    .trim()
    .max(max, `${label} admite como máximo ${max} caracteres.`);

/** Maximum photos an assessment keeps (over all its areas). */
export const ASSESSMENT_PHOTOS_MAX = 60;
export const ASSESSMENT_AREA_PHOTOS_MAX = 10;

/** One area walked: what pressure was seen, which conditions favour pests, notes and the photos' clientPhotoIds. */
export const AssessmentArea = z.strictObject({
  area: text('El área', { error: AssessmentMessages.areaRequired })
    .trim()
    .min(1, AssessmentMessages.areaRequired)
    .max(200, 'El área admite como máximo 200 caracteres.'),
  pressure: oneOf('La presión de plagas', PEST_PRESSURES),
  /** Kept once each, in the order given. */
  conditions: z
    .array(oneOf('La condición', PEST_CONDITIONS), { error: 'conditions debe ser una lista.' })
    .max(PEST_CONDITIONS.length * 2, 'conditions admite como máximo 12 elementos.')
    .transform((values) => [...new Set(values)])
    .default([]),
  notes: longText('Las notas', 4000)
    .nullable()
    .transform((value) => (value ? value : null))
    .default(null),
  /**
   * The clientPhotoIds (UUIDs) of the area's photos, given by the phone before they go up
   * (POST /api/assessments/{id}/photos), so a draft written offline names them; signing needs them all uploaded.
   */
  photoIds: z
    .array(z.uuid(AssessmentMessages.photoId), { error: AssessmentMessages.photoIdsList })
    .max(ASSESSMENT_AREA_PHOTOS_MAX, AssessmentMessages.photoIdsList)
    .transform((values) => [...new Set(values.map((value) => value.toLowerCase()))])
    .default([]),
});
export type AssessmentArea = z.infer<typeof AssessmentArea>;
export type AssessmentAreaInput = z.input<typeof AssessmentArea>;

export const AssessmentRecommendation = z.strictObject({
  text: longText('La recomendación', 2000).min(1, AssessmentMessages.recommendationText),
  dueDate: calendarDay('La fecha límite de la recomendación'),
});
export type AssessmentRecommendation = z.infer<typeof AssessmentRecommendation>;

const Areas = z
  .array(AssessmentArea, { error: AssessmentMessages.areasList })
  .max(100, AssessmentMessages.areasList)
  .refine(
    (areas) => new Set(areas.map((row) => row.area.toLocaleLowerCase('es'))).size === areas.length,
    AssessmentMessages.areaRepeated,
  );
const Recommendations = z
  .array(AssessmentRecommendation, { error: AssessmentMessages.recommendationsList })
  .max(50, AssessmentMessages.recommendationsList);
const Conclusions = longText('Las conclusiones', 20_000)
  .nullable()
  .transform((value) => (value ? value : null));

const periodInOrder = (body: { periodFrom?: string | null | undefined; periodTo?: string | null | undefined }) =>
  !body.periodFrom || !body.periodTo || body.periodFrom <= body.periodTo;

/**
 * POST /api/sites/{id}/assessments: opens a draft. `clientAssessmentId` (a UUID the phone gives it) makes a
 * retried POST answer the stored one (200) instead of creating it twice. A REVISION_TRIMESTRAL takes its quarter
 * (periodFrom, the quarter's first day; periodTo, its last, worked out when left out) and opens holding the
 * quarter's figures. `revisionOf` opens a correction of a signed assessment of the site: a draft of the same
 * kind holding its content unless the body gives it; signed, it supersedes that one (which stays readable).
 * performedAt: now unless given; performedBy: the caller unless given.
 */
export const CreateAssessmentBody = z
  .strictObject({
    clientAssessmentId: z.uuid('clientAssessmentId debe ser un UUID.').optional(),
    kind: oneOf('El tipo de evaluación', ASSESSMENT_KINDS),
    revisionOf: IdNumber.optional(),
    periodFrom: calendarDay('El inicio del periodo (periodFrom)').nullable().optional(),
    periodTo: calendarDay('El fin del periodo (periodTo)').nullable().optional(),
    performedAt: DateTimeInput.optional(),
    performedBy: IdNumber.optional(),
    areas: Areas.optional(),
    conclusions: Conclusions.optional(),
    recommendations: Recommendations.optional(),
  })
  .refine(periodInOrder, { message: AssessmentMessages.periodReversed, path: ['periodFrom'] });
export type CreateAssessmentBody = z.infer<typeof CreateAssessmentBody>;
export type CreateAssessmentInput = z.input<typeof CreateAssessmentBody>;

/** PATCH /api/assessments/{id}: a draft's fields; what is left out stays. A signed one answers 409. */
export const UpdateAssessmentBody = z
  .strictObject({
    periodFrom: calendarDay('El inicio del periodo (periodFrom)').nullable().optional(),
    periodTo: calendarDay('El fin del periodo (periodTo)').nullable().optional(),
    performedAt: DateTimeInput.optional(),
    performedBy: IdNumber.optional(),
    areas: Areas.optional(),
    conclusions: Conclusions.optional(),
    recommendations: Recommendations.optional(),
  })
  .refine(periodInOrder, { message: AssessmentMessages.periodReversed, path: ['periodFrom'] });
export type UpdateAssessmentBody = z.infer<typeof UpdateAssessmentBody>;
export type UpdateAssessmentInput = z.input<typeof UpdateAssessmentBody>;

const Person = z.object({ id: z.number().int(), fullName: z.string() });

/** An uploaded photo: GET /api/assessments/{id}/photos/{photoId} (size=thumb: a small WebP). */
export const AssessmentPhoto = z.object({
  id: z.number().int(),
  clientPhotoId: z.string(),
  mediaType: z.string(),
  size: z.number().int(),
  by: Person.nullable(),
  createdAt: Timestamp,
});
export type AssessmentPhoto = z.infer<typeof AssessmentPhoto>;

/** A threshold crossing counted in the quarter: by the device's zone ('' without one), level and metric. */
export const QuarterBreachCount = z.object({
  zone: z.string(),
  level: z.enum(THRESHOLD_LEVELS),
  metric: z.enum(THRESHOLD_METRICS),
  count: z.number().int(),
});
export type QuarterBreachCount = z.infer<typeof QuarterBreachCount>;

/** A corrective action opened in the quarter, or joined by one of its breaches: where it stood when counted. */
export const QuarterAction = z.object({
  id: z.number().int(),
  origin: z.enum(ACTION_ORIGINS),
  trapCode: z.string().nullable(),
  area: z.string().nullable(),
  description: z.string(),
  severity: z.enum(ACTION_SEVERITIES),
  status: z.enum(ACTION_STATUSES),
  dueDate: z.string(),
  detectedAt: Timestamp,
  closedAt: Timestamp.nullable(),
  /** Its breaches within the quarter. */
  occurrences: z.number().int(),
});
export type QuarterAction = z.infer<typeof QuarterAction>;

/**
 * A quarterly review's figures, counted when the draft opened and kept with it (a snapshot: a signed review says
 * what its signer read). Trends are by month over the quarter [from, to) in the site's time zone, with the same
 * months a year before (previousYear) and the limits in force at the quarter's end (thresholds).
 */
export const QuarterFigures = z.object({
  from: Timestamp,
  to: Timestamp,
  timeZone: z.string(),
  byZone: TrendsReport,
  byPestGroup: TrendsReport,
  breaches: z.array(QuarterBreachCount),
  actions: z.array(QuarterAction),
  /**
   * Coverage against the contracted frequency of the control programme in force (modules/programmes), over the
   * quarter's days up to the day it was counted; absent in drafts opened before it was counted.
   */
  coverage: ProgrammeCoverage.optional(),
  computedAt: Timestamp,
});
export type QuarterFigures = z.infer<typeof QuarterFigures>;

/** Who signed: their name and qualification when they signed. */
export const AssessmentSigner = z.object({
  id: z.number().int().nullable(),
  fullName: z.string(),
  qualification: z.enum(QUALIFICATIONS),
});
export type AssessmentSigner = z.infer<typeof AssessmentSigner>;

/** A recommendation as stored: once signed, the CLIENTE corrective action it became. */
export const StoredRecommendation = z.object({
  text: z.string(),
  dueDate: z.string(),
  actionId: z.number().int().nullable(),
});
export type StoredRecommendation = z.infer<typeof StoredRecommendation>;

export const AssessmentSummary = z.object({
  id: z.number().int(),
  clientAssessmentId: z.string().nullable(),
  site: z.object({ id: z.number().int(), name: z.string() }),
  kind: z.enum(ASSESSMENT_KINDS),
  status: z.enum(ASSESSMENT_STATUSES),
  /** YYYY-MM-DD, both ends included; null for a diagnosis. */
  periodFrom: z.string().nullable(),
  periodTo: z.string().nullable(),
  performedAt: Timestamp,
  performedBy: Person.nullable(),
  /** The signed assessment this one corrects; null for a first one. */
  revisionOf: z.number().int().nullable(),
  /** The signed revision that replaced this one; null while it is the one in force. */
  supersededBy: z.number().int().nullable(),
  signedAt: Timestamp.nullable(),
  signedBy: AssessmentSigner.nullable(),
  /** When the plant acknowledged it in the portal (status ACEPTADA), who and what they wrote; null before. */
  acceptedAt: Timestamp.nullable(),
  acceptedBy: Person.nullable(),
  acceptanceNote: z.string().nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type AssessmentSummary = z.infer<typeof AssessmentSummary>;

export const Assessment = AssessmentSummary.extend({
  areas: z.array(
    z.object({
      area: z.string(),
      pressure: z.enum(PEST_PRESSURES),
      conditions: z.array(z.enum(PEST_CONDITIONS)),
      notes: z.string().nullable(),
      photoIds: z.array(z.string()),
    }),
  ),
  conclusions: z.string().nullable(),
  recommendations: z.array(StoredRecommendation),
  /** A quarterly review's figures; null for the other kinds. */
  figures: QuarterFigures.nullable(),
  photos: z.array(AssessmentPhoto),
  /** SHA-256 of the signed report's bytes (GET …/report.pdf); null while a draft. */
  reportSha256: z.string().nullable(),
});
export type Assessment = z.infer<typeof Assessment>;

/**
 * What a site owes: a diagnosis before its first visit, an annual survey 12 months after the last one (or the
 * diagnosis), a review of each quarter once it ends (the last four quarters since the site's first visit).
 */
export const AssessmentDue = z.object({
  site: z.object({ id: z.number().int(), name: z.string() }),
  kind: z.enum(ASSESSMENT_KINDS),
  state: z.enum(ASSESSMENT_DUE_STATES),
  /** When it is (or was) due, YYYY-MM-DD; null for a diagnosis of a site with no visit scheduled. */
  dueDate: z.string().nullable(),
  /** The quarter a review is owed for (YYYY-MM-DD, both ends); null for the other kinds. */
  periodFrom: z.string().nullable(),
  periodTo: z.string().nullable(),
  /** A draft already opened for it, to continue; null when none. */
  draftId: z.number().int().nullable(),
});
export type AssessmentDue = z.infer<typeof AssessmentDue>;

/** GET /api/assessments/due: every site's, late ones first, then by due date. */
export const AssessmentDueList = z.object({
  /** The day (YYYY-MM-DD, the server's time zone) due and late were judged on. */
  asOf: z.string(),
  items: z.array(AssessmentDue),
});
export type AssessmentDueList = z.infer<typeof AssessmentDueList>;

/** GET /api/sites/{id}/assessments: the site's assessments (newest first) and what it owes. */
export const SiteAssessments = z.object({
  items: z.array(AssessmentSummary),
  due: z.array(AssessmentDue),
  asOf: z.string(),
});
export type SiteAssessments = z.infer<typeof SiteAssessments>;

/** An assessment's photo in a path: /api/assessments/{id}/photos/{photoId}. */
export const AssessmentPhotoParams = z.strictObject({ id: Id, photoId: Id });
export type AssessmentPhotoParams = z.infer<typeof AssessmentPhotoParams>;
