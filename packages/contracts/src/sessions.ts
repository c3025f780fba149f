import { z } from 'zod';
import { Id, IdNumber, ItemStatus, SessionStatus, Timestamp } from './common.js';
import { PageParams, pageOf, SearchText } from './paging.js';

export const MAX_TRAPS_PER_ORDER = 5000;

export const SessionItem = z.object({
  id: z.number().int(),
  trapId: z.number().int(),
  status: ItemStatus,
  /** When the trap was inspected. */
  completedAt: Timestamp.nullable(),
  completedBy: z.object({ id: z.number().int(), fullName: z.string() }).nullable(),
  trap: z.object({
    code: z.string(),
    area: z.string().nullable(),
    /**
     * SHA-256 of the trap's QR code, in lowercase hex: a phone can tell which item a scan it has not sent yet
     * belongs to without the order revealing the codes themselves.
     */
    qrHash: z.string().regex(/^[0-9a-f]{64}$/),
  }),
});
export type SessionItem = z.infer<typeof SessionItem>;

export const SessionTechnician = z.object({ id: z.number().int(), fullName: z.string(), email: z.string() });
export type SessionTechnician = z.infer<typeof SessionTechnician>;

/** A work order ("orden"). The API calls it a session. */
export const Session = z.object({
  id: z.number().int(),
  status: SessionStatus,
  scheduledAt: Timestamp.nullable(),
  createdAt: Timestamp,
  startedAt: Timestamp.nullable(),
  closedAt: Timestamp.nullable(),
  closedBy: z.object({ id: z.number().int(), fullName: z.string() }).nullable(),
  /** Closed by an administrator while some traps were still pending. */
  forceClosed: z.boolean(),
  technicianId: z.number().int(),
  technician: SessionTechnician,
  itemCount: z.number().int(),
  completedCount: z.number().int(),
  items: z.array(SessionItem),
});
export type Session = z.infer<typeof Session>;

/** An order without its list of items. */
export const SessionSummary = Session.omit({ items: true });
export type SessionSummary = z.infer<typeof SessionSummary>;

/**
 * What a scan answers: the order's new state and the item the scan concerned. Not the whole order: the
 * scan is the hot path, and the screen re-reads the order anyway (GET /sessions/{id}).
 */
export const ScanResponse = z.object({ session: SessionSummary, item: SessionItem });
export type ScanResponse = z.infer<typeof ScanResponse>;

/**
 * Filters for order lists. `q` is an order number or part of the technician's name; the scheduled range
 * is inclusive. A paged answer lists orders without their items (counts are in each summary).
 */
export const SessionListQuery = z.strictObject({
  ...PageParams,
  q: SearchText.optional(),
  status: SessionStatus.optional(),
  technicianId: Id.optional(),
  scheduledFrom: Timestamp.optional(),
  scheduledTo: Timestamp.optional(),
});
export type SessionListQuery = z.infer<typeof SessionListQuery>;

export const SessionPage = pageOf(SessionSummary);
export type SessionPage = z.infer<typeof SessionPage>;

export const CreateSessionBody = z.strictObject({
  technicianId: IdNumber,
  trapIds: z
    .array(IdNumber, { error: 'Selecciona al menos una trampa.' })
    .min(1, 'Selecciona al menos una trampa.')
    .max(MAX_TRAPS_PER_ORDER, `Una orden admite como máximo ${MAX_TRAPS_PER_ORDER} trampas.`),
  scheduledAt: Timestamp.nullable().optional(),
});
export type CreateSessionBody = z.infer<typeof CreateSessionBody>;

export const ScanBody = z.strictObject({
  qrSlug: z
    .string({ error: 'El código QR es obligatorio.' })
    .trim()
    .min(1, 'El código QR es obligatorio.')
    .max(128, 'El código QR no pertenece a Rondín.'),
  /** Set by a device that queued the scan offline: a second delivery is recognised and not counted again. */
  clientScanId: z.uuid('clientScanId debe ser un UUID.').optional(),
  /** When the device made the scan; used as the inspection time when plausible. */
  scannedAt: Timestamp.optional(),
});
export type ScanBody = z.infer<typeof ScanBody>;

export const CloseSessionBody = z
  .strictObject({ force: z.boolean({ error: 'force debe ser verdadero o falso.' }).optional() })
  // The technician's screen closes with no body at all.
  .nullish();
export type CloseSessionBody = z.infer<typeof CloseSessionBody>;

export const SessionMessages = {
  notFound: 'La orden no existe.',
  technicianUnavailable: 'El técnico no existe o está inactivo.',
  trapsUnavailable: 'Algunas trampas no existen o están inactivas.',
  alreadyClosed: 'La orden ya fue cerrada.',
  trapNotInOrder: 'El QR no corresponde a ninguna trampa de esta orden.',
  pendingTraps: 'La orden aún tiene trampas pendientes.',
  forceRequired: 'La orden aún tiene trampas pendientes: ciérrala con force: true para forzar el cierre.',
  clientScanIdReused: 'Ese identificador de escaneo ya se usó en otra orden.',
  reportNotReady: 'El reporte estará disponible cuando la orden se cierre.',
} as const;
