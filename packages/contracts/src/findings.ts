import { z } from 'zod';
import { DateTimeInput, Id, IdNumber, multilineText, text, Timestamp } from './common.js';
import { PEST_GROUPS } from './devices.js';
import {
  ACTIVITY_LEVELS,
  BAIT_CONSUMPTIONS,
  BAIT_STATES,
  CAPTURE_BANDS,
  CORRECTION_REASON_MAX,
  DEVICE_STATUSES,
  EVIDENCE_KINDS,
  EXCEPTION_NOTE_MAX,
  EXCEPTION_REASON_DETAILS,
  EXCEPTION_REASONS,
  exceptionNeedsNote,
  FINDING_ACTIONS,
  FINDING_FLAGS,
  FINDING_NOTES_MAX,
  ITEM_OUTCOMES,
  MANUAL_CODE_MAX,
  MANUAL_REASONS,
  MAX_CAPTURE_COUNT,
  PHOTO_TYPES,
} from './finding-rules.js';
import { FindingMessages, PhotoMessages } from './messages.js';

const oneOf = (label: string, values: readonly string[]) => `${label} debe ser uno de: ${values.join(', ')}.`;

export const DeviceStatusSchema = z.enum(DEVICE_STATUSES, {
  error: oneOf('El estado del dispositivo', DEVICE_STATUSES),
});
export const ActivitySchema = z.enum(ACTIVITY_LEVELS, { error: oneOf('La actividad', ACTIVITY_LEVELS) });
export const BaitStateSchema = z.enum(BAIT_STATES, { error: oneOf('El estado del cebo', BAIT_STATES) });
export const EvidenceSchema = z.enum(EVIDENCE_KINDS, { error: oneOf('El indicio', EVIDENCE_KINDS) });
export const FindingActionSchema = z.enum(FINDING_ACTIONS, { error: oneOf('La acción', FINDING_ACTIONS) });
export const CaptureBandSchema = z.enum(CAPTURE_BANDS, { error: oneOf('El rango de capturas', CAPTURE_BANDS) });
export const ExceptionReasonSchema = z.enum(EXCEPTION_REASONS, { error: oneOf('El motivo', EXCEPTION_REASONS) });
export const ExceptionReasonDetailSchema = z.enum(EXCEPTION_REASON_DETAILS, {
  error: oneOf('El detalle del motivo', EXCEPTION_REASON_DETAILS),
});
export const ManualReasonSchema = z.enum(MANUAL_REASONS, { error: oneOf('El motivo', MANUAL_REASONS) });
export const ItemOutcomeSchema = z.enum(ITEM_OUTCOMES);
export const FindingFlagSchema = z.enum(FINDING_FLAGS);
const BaitConsumptionSchema = z.literal(BAIT_CONSUMPTIONS, {
  error: 'El consumo de cebo debe ser 0, 25, 50, 75 o 100 (por ciento).',
});

const COUNT_MESSAGE = `La cantidad capturada debe ser un número entero entre 0 y ${MAX_CAPTURE_COUNT}.`;

/** Catches of one pest: counted (count), or, on glue boards and light traps, a band (band); one of the two. */
export const CaptureInput = z
  .strictObject({
    pestId: IdNumber,
    count: z
      .number({ error: COUNT_MESSAGE })
      .int(COUNT_MESSAGE)
      .min(0, COUNT_MESSAGE)
      .max(MAX_CAPTURE_COUNT, COUNT_MESSAGE)
      .optional(),
    band: CaptureBandSchema.optional(),
  })
  .refine(
    (capture) => (capture.count === undefined) !== (capture.band === undefined),
    'Cada captura lleva la cantidad (count) o el rango (band), uno de los dos.',
  );
export type CaptureInput = z.infer<typeof CaptureInput>;

/** The same value twice in a list says nothing more: kept once, in the order first given. */
const uniqueList = <T extends z.ZodType<string>>(item: T, label: string, max: number) =>
  z
    .array(item, { error: `${label} debe ser una lista.` })
    .max(max, `${label} admite como máximo ${max} elementos.`)
    .transform((values) => [...new Set(values)] as z.infer<T>[]);

/** Trimmed; nothing left is stored as null. `multiline` for what is typed in a text area. */
const optionalText = (label: string, max: number, multiline = false) =>
  (multiline ? multilineText : text)(label, { error: `${label} debe ser texto.` })
    .trim()
    .max(max, `${label} admite como máximo ${max} caracteres.`)
    .nullable()
    .transform((value) => (value ? value : null));

/**
 * PUT /api/sessions/{id}/items/{itemId}/finding: what the technician found at the device. A new
 * clientFindingId adds a version; the same one again is answered with the version it stored (never refused by
 * the rules below). `activity` left out is derived from captures, consumption and evidence; given, it may only
 * be higher.
 *
 * `reason` (trimmed, non-empty) is required:
 * - for an administrator's correction once the order is closed (400, as before);
 * - in an open order, for a version that lowers the item's current one (`loweredFacts` in finding-rules: lower
 *   activity, fewer or no catches of a pest, a sign removed, less bait eaten): 422 with code REASON_REQUIRED and
 *   FindingMessages.lowerNeedsReason(code). A version recorded (by the device's plausible clock) before the
 *   current one does not replace it, lowers nothing and needs no reason: a late delivery from an offline queue is
 *   history, not a correction.
 */
export const PutFindingBody = z.strictObject({
  clientFindingId: z.uuid('clientFindingId debe ser un UUID.'),
  /** When the device recorded it; used when plausible, as a scan's scannedAt. */
  recordedAt: DateTimeInput,
  deviceStatus: DeviceStatusSchema,
  activity: ActivitySchema.nullable().optional(),
  baitConsumption: BaitConsumptionSchema.nullable().optional(),
  baitState: BaitStateSchema.nullable().optional(),
  captures: z
    .array(CaptureInput, { error: 'Las capturas deben ser una lista.' })
    .max(100, 'Las capturas admiten como máximo 100 plagas.')
    .default([]),
  evidence: uniqueList(EvidenceSchema, 'Los indicios', EVIDENCE_KINDS.length * 2).default([]),
  actions: uniqueList(FindingActionSchema, 'Las acciones', FINDING_ACTIONS.length * 2).default([]),
  notes: optionalText('Las notas', FINDING_NOTES_MAX, true).optional(),
  reason: optionalText('El motivo de la corrección', CORRECTION_REASON_MAX).optional(),
});
export type PutFindingBody = z.infer<typeof PutFindingBody>;
/** What a client sends: lists may be left out. */
export type PutFindingInput = z.input<typeof PutFindingBody>;

/** An order's item in a path: /api/sessions/{id}/items/{itemId}/… */
export const ItemParams = z.strictObject({ id: Id, itemId: Id });
export type ItemParams = z.infer<typeof ItemParams>;

const Person = z.object({ id: z.number().int(), fullName: z.string() });

export const Capture = z.object({
  pestId: z.number().int(),
  name: z.string(),
  group: z.enum(PEST_GROUPS),
  count: z.number().int().nullable(),
  band: CaptureBandSchema.nullable(),
});
export type Capture = z.infer<typeof Capture>;

/** One version of what was found at a device in one order. Versions are never changed nor deleted. */
export const Finding = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  clientFindingId: z.string(),
  /** The device's time when plausible, else the server's (flag HORA_IMPLAUSIBLE). */
  recordedAt: Timestamp,
  receivedAt: Timestamp,
  recordedBy: Person.nullable(),
  deviceStatus: DeviceStatusSchema,
  activity: ActivitySchema,
  /** What the captures, consumption and evidence alone show; activity is this or higher. */
  derivedActivity: ActivitySchema,
  baitConsumption: z.number().int().nullable(),
  baitState: BaitStateSchema.nullable(),
  captures: z.array(Capture),
  evidence: z.array(EvidenceSchema),
  actions: z.array(FindingActionSchema),
  notes: z.string().nullable(),
  /** Why it was corrected; required for a correction made after the order closed. */
  reason: z.string().nullable(),
  /** Added by an administrator after the order closed. */
  isCorrection: z.boolean(),
  flags: z.array(FindingFlagSchema),
  /** Whether this is the item's current version: the latest by recordedAt (a correction after close always is). */
  isCurrent: z.boolean(),
  /** How many versions the item has. */
  versionCount: z.number().int(),
});
export type Finding = z.infer<typeof Finding>;

/**
 * A device accounted for without a scan: the reason, its preset detail (null from phones that predate it) and
 * the note (null when the detail needed none).
 */
export const ItemException = z.object({
  reason: ExceptionReasonSchema,
  reasonDetail: ExceptionReasonDetailSchema.nullable(),
  note: z.string().nullable(),
});
export type ItemException = z.infer<typeof ItemException>;

/** A device whose label could not be read: why, and the printed code the technician typed (as typed, trimmed). */
export const ItemManual = z.object({ reason: ManualReasonSchema, code: z.string() });
export type ItemManual = z.infer<typeof ItemManual>;

/** What each order item carries beyond its trap and state: how it was completed, what was found, its photos. */
export const ItemRecord = {
  /**
   * SCANNED proves presence; MANUAL was inspected with its printed code typed (not proof of presence);
   * EXCEPTION was accounted for without a scan; null while pending.
   */
  outcome: ItemOutcomeSchema.nullable(),
  exception: ItemException.nullable(),
  /** Set for a MANUAL outcome: why the label could not be read, and the printed code typed. */
  manual: ItemManual.nullable(),
  /** The current version of the finding, or null. */
  finding: Finding.nullable(),
  photoIds: z.array(z.number().int()),
};

/**
 * POST /api/sessions/{id}/items/{itemId}/exception: the device could not be scanned. Completes the item
 * without a QR; `clientScanId` shares its id space with the scans' (one id, one thing done).
 */
export const ExceptionBody = z
  .strictObject({
    clientScanId: z.uuid('clientScanId debe ser un UUID.'),
    reason: ExceptionReasonSchema,
    /** Preset detail; left out by phones that predate it, which always send a note. */
    reasonDetail: ExceptionReasonDetailSchema.optional(),
    /** Required only for reasonDetail OTRO, or without reasonDetail; trimmed, nothing left is no note. */
    note: multilineText('La nota', { error: 'La nota debe ser texto.' })
      .trim()
      .max(EXCEPTION_NOTE_MAX, `La nota admite como máximo ${EXCEPTION_NOTE_MAX} caracteres.`)
      .optional(),
    recordedAt: DateTimeInput,
  })
  .refine((body) => !exceptionNeedsNote(body.reasonDetail) || Boolean(body.note), {
    message: FindingMessages.exceptionNoteRequired,
    path: ['note'],
  });
export type ExceptionBody = z.infer<typeof ExceptionBody>;

/**
 * POST /api/sessions/{id}/items/{itemId}/manual: the label could not be read, and the technician typed the
 * device's printed code (TRP-113). It must be the item's device code (trimmed, any case; 400 naming what was
 * typed otherwise). Completes the item as a scan does and answers as a scan (ScanResponse), with outcome MANUAL:
 * inspected, takes findings and photos, never proof of presence. Queues a reprint of the device's label (one
 * pending per device). `clientScanId` shares its id space with scans and exceptions: the same id again is
 * answered as it was, on another item 409. Open order only (409); the order's technician or an administrator
 * (others 404).
 */
export const ManualBody = z.strictObject({
  clientScanId: z.uuid('clientScanId debe ser un UUID.'),
  code: text('El código', { error: FindingMessages.manualCodeRequired })
    .trim()
    .min(1, FindingMessages.manualCodeRequired)
    .max(MANUAL_CODE_MAX, `El código admite como máximo ${MANUAL_CODE_MAX} caracteres.`),
  reason: ManualReasonSchema,
  recordedAt: DateTimeInput,
});
export type ManualBody = z.infer<typeof ManualBody>;

/** A photo of a device in an order. */
export const Photo = z.object({
  id: z.number().int(),
  sessionId: z.number().int(),
  itemId: z.number().int(),
  mediaType: z.enum(PHOTO_TYPES),
  size: z.number().int(),
  takenBy: Person.nullable(),
  createdAt: Timestamp,
});
export type Photo = z.infer<typeof Photo>;

/** The multipart form's text field besides the file. */
export const ClientPhotoId = z.uuid(PhotoMessages.clientPhotoIdRequired);

/** GET /photos/{id}: the photo as it was kept, or with ?size=thumb a small WebP for lists (longest side 320 px). */
export const PhotoQuery = z.strictObject({
  size: z.enum(['thumb'], { error: 'size solo puede ser thumb (una miniatura); sin size, la foto entera.' }).optional(),
});
export type PhotoQuery = z.infer<typeof PhotoQuery>;
