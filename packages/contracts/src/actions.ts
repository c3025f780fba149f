import { z } from 'zod';
import { ActionResponse, PortalAcknowledgement } from './portal.js';
import { DateTimeInput, digits, Id, IdNumber, multilineText, text, Timestamp } from './common.js';
import { PEST_GROUPS, RISK_LEVELS, TRAP_TYPES, ZONES } from './devices.js';
import {
  ACTION_ORIGINS,
  ACTION_RESPONSIBLES,
  ACTION_SEVERITIES,
  ACTION_STATUSES,
  ACTION_TRACKED_FIELDS,
  CAPTURE_METRICS,
  PRODUCT_IMPACTS,
  THRESHOLD_LEVELS,
  THRESHOLD_METRICS,
} from './action-names.js';
import { ExportFormatSchema } from './list-export.js';
import { MAX_PAGE_SIZE } from './paging.js';

/** The server's answers about thresholds and corrective actions; the screens say the same. */
export const ActionMessages = {
  notFound: 'La acción correctiva no existe.',
  thresholdValue: 'El valor del umbral debe ser un número entero entre 1 y 100000.',
  activityValue: 'Para la actividad, el valor es 1 (baja), 2 (media) o 3 (alta).',
  consumptionValue: 'El consumo de cebo es un porcentaje: entre 1 y 100.',
  statusValue: 'Para el estado del dispositivo, el valor es 1.',
  pestGroupOnlyCaptures: 'El grupo de plagas solo se indica en umbrales de capturas.',
  repetitionValue: 'Para la repetición, el valor es entre 2 y 10 (inspecciones seguidas o dispositivos del área).',
  thresholdsList: 'thresholds debe ser una lista de hasta 500 umbrales.',
  thresholdRepeated: 'Cada umbral (tipo, zona, riesgo, métrica, grupo y nivel) aparece una sola vez.',
  dueDate: 'La fecha límite debe tener el formato AAAA-MM-DD y existir.',
  siteId: 'siteId debe ser un número entero positivo.',
  manualOrigin: 'El origen de una acción creada a mano es MANUAL o RECOMENDACION.',
  descriptionRequired: 'La descripción es obligatoria.',
  trapOtherSite: 'La trampa no existe en ese sitio.',
  transition: (from: string, to: string) => `Una acción ${from} no puede pasar a ${to}.`,
  reasonRequired: 'Para reabrir una acción cerrada, indica el motivo (reason).',
  verificationRequired:
    'Para cerrar la acción, indica cómo se verificó (verificationResult), quién la verificó (verifiedBy) y en qué fecha (verifiedOn).',
  verifiedOn: 'La fecha de verificación debe tener el formato AAAA-MM-DD y existir.',
  verifiedOnFuture: 'La fecha de verificación no puede ser posterior a hoy.',
  postponeReasonRequired: 'Para aplazar la fecha límite, indica el motivo (reason).',
  photosTooMany: (max: number) => `Una acción admite como máximo ${max} fotos.`,
  photoNotFound: 'La foto no existe en esta acción.',
  closedReadOnly: 'La acción está cerrada: reábrela para modificarla.',
  responsePhotoKept: 'La foto es parte de la respuesta de la planta y se conserva como evidencia.',
  anotherOpen: 'El dispositivo ya tiene otra acción abierta por umbral: continúa en esa.',
  cursor: 'cursor no es válido: usa el nextCursor de la página anterior.',
} as const;

const oneOf = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} debe ser uno de: ${values.join(', ')}.` });

/** One limit: for a device type, in a zone and risk level (null: any), of one metric, at one level. */
export const Threshold = z
  .strictObject({
    trapType: oneOf('El tipo de dispositivo', TRAP_TYPES),
    zone: oneOf('La zona', ZONES).nullable(),
    riskLevel: oneOf('El nivel de riesgo', RISK_LEVELS).nullable(),
    metric: oneOf('La métrica', THRESHOLD_METRICS),
    pestGroup: oneOf('El grupo de plagas', PEST_GROUPS).nullable(),
    level: oneOf('El nivel', THRESHOLD_LEVELS),
    value: z
      .number({ error: ActionMessages.thresholdValue })
      .int(ActionMessages.thresholdValue)
      .min(1, ActionMessages.thresholdValue)
      .max(100_000, ActionMessages.thresholdValue),
  })
  .refine((row) => row.pestGroup === null || CAPTURE_METRICS.includes(row.metric), {
    message: ActionMessages.pestGroupOnlyCaptures,
    path: ['pestGroup'],
  })
  .refine((row) => row.metric !== 'ACTIVIDAD' || row.value <= 3, {
    message: ActionMessages.activityValue,
    path: ['value'],
  })
  .refine((row) => row.metric !== 'CONSUMO_CEBO' || row.value <= 100, {
    message: ActionMessages.consumptionValue,
    path: ['value'],
  })
  .refine((row) => row.metric !== 'ESTADO' || row.value === 1, {
    message: ActionMessages.statusValue,
    path: ['value'],
  })
  .refine((row) => row.metric !== 'REPETICION' || (row.value >= 2 && row.value <= 10), {
    message: ActionMessages.repetitionValue,
    path: ['value'],
  });
export type Threshold = z.infer<typeof Threshold>;

/** A threshold's identity: a set holds each once. */
const thresholdKey = (row: Threshold) =>
  [row.trapType, row.zone, row.riskLevel, row.metric, row.pestGroup, row.level].join('|');

export const PutThresholdsBody = z.strictObject({
  thresholds: z
    .array(Threshold, { error: ActionMessages.thresholdsList })
    .max(500, ActionMessages.thresholdsList)
    .refine((rows) => new Set(rows.map(thresholdKey)).size === rows.length, ActionMessages.thresholdRepeated),
});
export type PutThresholdsBody = z.infer<typeof PutThresholdsBody>;

/** The global limits, as in force now or at `at`. */
export const ThresholdSet = z.object({
  /** Since when this version is in force; null: the shipped defaults, never changed. */
  validFrom: Timestamp.nullable(),
  thresholds: z.array(Threshold),
});
export type ThresholdSet = z.infer<typeof ThresholdSet>;

/** A site's overrides, with the global limits they are laid over. */
export const SiteThresholds = z.object({
  siteId: z.number().int(),
  validFrom: Timestamp.nullable(),
  overrides: z.array(Threshold),
  defaults: z.array(Threshold),
});
export type SiteThresholds = z.infer<typeof SiteThresholds>;

export const ThresholdsQuery = z.strictObject({
  /** The limits in force at that instant; the same date rule as every date the API takes. */
  at: DateTimeInput.optional(),
});

/** A calendar day, YYYY-MM-DD, that exists. */
const calendarDay = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((value) => {
      const [year, month, day] = value.split('-').map(Number) as [number, number, number];
      const date = new Date(Date.UTC(year, month - 1, day));
      return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
    }, message);
const Day = calendarDay(ActionMessages.dueDate);

/** What is typed in the action's text areas: tabs and line breaks are its own. */
const longText = (label: string) =>
  multilineText(label, { error: `${label} debe ser texto.` })
    .trim()
    .max(2000, `${label} admite como máximo 2000 caracteres.`);
const optionalText = (label: string) =>
  longText(label)
    .nullable()
    .transform((value) => (value ? value : null));
/** A place or a name: one line. */
const optionalLine = (label: string, max: number) =>
  text(label, { error: `${label} debe ser texto.` })
    .trim()
    .max(max, `${label} admite como máximo ${max} caracteres.`)
    .nullable()
    .transform((value) => (value ? value : null));

const Person = z.object({ id: z.number().int(), fullName: z.string() }).nullable();

export const BreachDetail = z.object({
  metric: z.enum(THRESHOLD_METRICS),
  pestGroup: z.enum(PEST_GROUPS).nullable(),
  level: z.enum(THRESHOLD_LEVELS),
  limit: z.number().int(),
  observed: z.number().int(),
});
export type BreachDetail = z.infer<typeof BreachDetail>;

export const CorrectiveAction = z.object({
  id: z.number().int(),
  site: z.object({ id: z.number().int(), name: z.string() }),
  trap: z
    .object({ id: z.number().int(), code: z.string(), area: z.string().nullable(), type: z.enum(TRAP_TYPES) })
    .nullable(),
  area: z.string().nullable(),
  origin: z.enum(ACTION_ORIGINS),
  detectedAt: Timestamp,
  detectedBy: Person,
  severity: z.enum(ACTION_SEVERITIES),
  description: z.string(),
  immediateCorrection: z.string().nullable(),
  /** What happened to the product; productImpact is its note. */
  productImpactKind: z.enum(PRODUCT_IMPACTS).nullable(),
  productImpact: z.string().nullable(),
  rootCause: z.string().nullable(),
  preventiveAction: z.string().nullable(),
  responsible: z.enum(ACTION_RESPONSIBLES),
  responsibleName: z.string().nullable(),
  dueDate: z.string(),
  status: z.enum(ACTION_STATUSES),
  /** Past its due date and not closed. */
  overdue: z.boolean(),
  verificationPlan: z.string().nullable(),
  /** How it was verified; with verifiedBy and verifiedOn, required to close. */
  verificationResult: z.string().nullable(),
  verifiedBy: z.string().nullable(),
  verifiedOn: z.string().nullable(),
  closingNote: z.string().nullable(),
  closedAt: Timestamp.nullable(),
  occurrenceCount: z.number().int(),
  lastOccurrenceAt: Timestamp.nullable(),
  /** The device passed 2 inspections under the limits since the last breach: a person may close it. */
  verificationSuggested: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type CorrectiveAction = z.infer<typeof CorrectiveAction>;

export const ActionEvent = z.object({
  fromStatus: z.enum(ACTION_STATUSES).nullable(),
  toStatus: z.enum(ACTION_STATUSES),
  note: z.string().nullable(),
  by: Person,
  at: Timestamp,
});
export type ActionEvent = z.infer<typeof ActionEvent>;

export const ActionOccurrence = z.object({
  id: z.number().int(),
  occurredAt: Timestamp,
  level: z.enum(THRESHOLD_LEVELS),
  /** Null for a remote finding (an electronic device's event): no order. */
  sessionId: z.number().int().nullable(),
  itemId: z.number().int().nullable(),
  findingId: z.number().int().nullable(),
  exceptionReason: z.string().nullable(),
  breaches: z.array(BreachDetail),
});
export type ActionOccurrence = z.infer<typeof ActionOccurrence>;

/** A change of the due date or the responsible: the values as stored (YYYY-MM-DD, EMPRESA…), and why. */
export const ActionFieldChange = z.object({
  field: z.enum(ACTION_TRACKED_FIELDS),
  before: z.string().nullable(),
  after: z.string().nullable(),
  reason: z.string().nullable(),
  by: Person,
  at: Timestamp,
});
export type ActionFieldChange = z.infer<typeof ActionFieldChange>;

/** A photo kept as the action's evidence: GET /actions/{id}/photos/{photoId} (size=thumb: its small JPEG). */
export const ActionPhoto = z.object({
  id: z.number().int(),
  mediaType: z.string(),
  size: z.number().int(),
  by: Person,
  createdAt: Timestamp,
});
export type ActionPhoto = z.infer<typeof ActionPhoto>;

export const CorrectiveActionDetail = CorrectiveAction.extend({
  /** A recommendation (responsible CLIENTE) acknowledged in the plant's portal: who, when, their note. */
  acknowledgement: PortalAcknowledgement.nullable(),
  /** What the plant said it did, in its portal, oldest first (their photos are among `photos`). */
  responses: z.array(ActionResponse),
  history: z.array(ActionEvent),
  /** Every change of the due date or the responsible, oldest first. */
  fieldChanges: z.array(ActionFieldChange),
  photos: z.array(ActionPhoto),
  occurrences: z.array(ActionOccurrence),
});
export type CorrectiveActionDetail = z.infer<typeof CorrectiveActionDetail>;

/** GET /portal/sites/{id}/actions: the site's corrective actions, open first, each with the plant's answers. */
export const PortalActionList = z.object({
  items: z.array(
    CorrectiveActionDetail.pick({ acknowledgement: true, responses: true }).extend(CorrectiveAction.shape),
  ),
});
export type PortalActionList = z.infer<typeof PortalActionList>;

/** A page of the list: `limit` actions from where `cursor` (a page's `nextCursor`) left off. */
export const ACTION_PAGE_SIZE = 50;

export const ActionListQuery = z.strictObject({
  siteId: digits(ActionMessages.siteId).optional(),
  status: oneOf('El estado', ACTION_STATUSES).optional(),
  overdue: z.enum(['true', 'false'], { error: 'overdue debe ser true o false.' }).optional(),
  responsible: oneOf('El responsable', ACTION_RESPONSIBLES).optional(),
  /** Where the previous page ended: its `nextCursor`, as answered. */
  cursor: z
    .string({ error: ActionMessages.cursor })
    .regex(/^[01]_\d{4}-\d{2}-\d{2}_\d{1,10}$/, ActionMessages.cursor)
    .optional(),
  limit: digits(`limit debe estar entre 1 y ${MAX_PAGE_SIZE}.`)
    .pipe(
      z
        .number()
        .min(1, `limit debe estar entre 1 y ${MAX_PAGE_SIZE}.`)
        .max(MAX_PAGE_SIZE, `limit debe estar entre 1 y ${MAX_PAGE_SIZE}.`),
    )
    .optional(),
});
export type ActionListQuery = z.infer<typeof ActionListQuery>;

/** GET /api/actions/export: every action the list's filters keep, in the list's order, as CSV or Excel. */
export const ActionExportQuery = ActionListQuery.omit({ cursor: true, limit: true }).extend({
  format: ExportFormatSchema,
});
export type ActionExportQuery = z.infer<typeof ActionExportQuery>;

export const ActionList = z.object({
  /** Open ones first, by due date, then the closed ones; `limit` of them (50 unless told). */
  items: z.array(CorrectiveAction),
  /** The cursor of the next page with the same filters; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Over every action, whatever the filters: what the dashboard shows. */
  openCount: z.number().int(),
  overdueCount: z.number().int(),
});
export type ActionList = z.infer<typeof ActionList>;

export const CreateActionBody = z.strictObject({
  siteId: IdNumber,
  trapId: IdNumber.nullable().optional(),
  area: optionalLine('El área', 2000).optional(),
  origin: z.enum(['MANUAL', 'RECOMENDACION'], { error: ActionMessages.manualOrigin }).default('MANUAL'),
  severity: oneOf('La gravedad', ACTION_SEVERITIES).default('MEDIA'),
  description: longText('La descripción').min(1, ActionMessages.descriptionRequired),
  immediateCorrection: optionalText('La corrección inmediata').optional(),
  productImpactKind: oneOf('El impacto en producto', PRODUCT_IMPACTS).nullable().optional(),
  productImpact: optionalText('La nota del impacto en producto').optional(),
  rootCause: optionalText('La causa raíz').optional(),
  preventiveAction: optionalText('La acción preventiva').optional(),
  responsible: oneOf('El responsable', ACTION_RESPONSIBLES).optional(),
  responsibleName: optionalLine('El nombre del responsable', 2000).optional(),
  dueDate: Day,
  verificationPlan: optionalText('El plan de verificación').optional(),
});
export type CreateActionBody = z.infer<typeof CreateActionBody>;
export type CreateActionInput = z.input<typeof CreateActionBody>;

export const UpdateActionBody = z.strictObject({
  status: oneOf('El estado', ACTION_STATUSES).optional(),
  /** Why a closed action is reopened, or its due date moved later (required then). */
  reason: optionalText('El motivo').optional(),
  closingNote: optionalText('La nota de cierre').optional(),
  severity: oneOf('La gravedad', ACTION_SEVERITIES).optional(),
  description: longText('La descripción').min(1, ActionMessages.descriptionRequired).optional(),
  immediateCorrection: optionalText('La corrección inmediata').optional(),
  productImpactKind: oneOf('El impacto en producto', PRODUCT_IMPACTS).nullable().optional(),
  productImpact: optionalText('La nota del impacto en producto').optional(),
  rootCause: optionalText('La causa raíz').optional(),
  preventiveAction: optionalText('La acción preventiva').optional(),
  responsible: oneOf('El responsable', ACTION_RESPONSIBLES).optional(),
  responsibleName: optionalLine('El nombre del responsable', 2000).optional(),
  dueDate: Day.optional(),
  verificationPlan: optionalText('El plan de verificación').optional(),
  /** How it was verified, by whom and when: what a close requires (422 without them). */
  verificationResult: optionalText('El resultado de la verificación').optional(),
  verifiedBy: optionalLine('Quién verificó', 200).optional(),
  verifiedOn: calendarDay(ActionMessages.verifiedOn).nullable().optional(),
});
export type UpdateActionBody = z.infer<typeof UpdateActionBody>;
export type UpdateActionInput = z.input<typeof UpdateActionBody>;

/** An action's photo: /actions/{id}/photos/{photoId}. */
export const ActionPhotoParams = z.strictObject({ id: Id, photoId: Id });
export type ActionPhotoParams = z.infer<typeof ActionPhotoParams>;
