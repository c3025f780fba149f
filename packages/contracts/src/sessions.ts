import { z } from 'zod';
import { ClientSignature } from './certificates.js';
import { DateTimeInput, Id, IdNumber, ItemStatus, SessionStatus, text, Timestamp } from './common.js';
import { Finding, ItemRecord } from './findings.js';
import { PageParams, pageOf, SearchText } from './paging.js';
import { LocalDate, LocalTime } from './service-plans.js';
import { OrderSighting } from './sightings.js';
import { TrapTypeSchema } from './traps.js';

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
    type: TrapTypeSchema,
    /**
     * SHA-256 of the trap's QR code, in lowercase hex: a phone can tell which item a scan it has not sent yet
     * belongs to without the order revealing the codes themselves.
     */
    qrHash: z.string().regex(/^[0-9a-f]{64}$/),
    /** The device's place in its site's walk order (1 first); null when it has none (walked after, by code). */
    routeOrder: z.number().int().nullable(),
  }),
  /** Added to the order on the spot by its technician (POST /sessions/{id}/items), not planned by the office. */
  addedOnSite: z.boolean(),
  ...ItemRecord,
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
  /** The site every trap of the order belongs to. */
  siteId: z.number().int(),
  site: z.object({
    id: z.number().int(),
    name: z.string(),
    /**
     * The company served, the site's address and the IANA zone its times are shown in (null: the server's
     * TIME_ZONE, GET /api/health `timeZone`).
     */
    client: z.string().nullable(),
    address: z.string().nullable(),
    timeZone: z.string().nullable(),
  }),
  /** The service plan that created the order; null: created by hand. */
  servicePlanId: z.number().int().nullable(),
  itemCount: z.number().int(),
  completedCount: z.number().int(),
  items: z.array(SessionItem),
  /**
   * GET /sessions/{id} of an order not yet closed: the site's sightings whose corrective action is not closed,
   * newest first, for the technician to look at on this visit. Absent elsewhere.
   */
  openSightings: z.array(OrderSighting).optional(),
});
export type Session = z.infer<typeof Session>;

/** An order without its list of items. */
export const SessionSummary = Session.omit({ items: true, openSightings: true });
export type SessionSummary = z.infer<typeof SessionSummary>;

/**
 * What a scan answers: the order's new state and the item the scan concerned. Not the whole order: the
 * scan is the hot path, and the screen re-reads the order anyway (GET /sessions/{id}).
 */
export const ScanResponse = z.object({ session: SessionSummary, item: SessionItem });
export type ScanResponse = z.infer<typeof ScanResponse>;

/** What a finding's PUT answers: the version stored (or, for a replay, stored before) and the item as it is now. */
export const FindingResponse = z.object({ finding: Finding, item: SessionItem });
export type FindingResponse = z.infer<typeof FindingResponse>;

/**
 * Filters for order lists. `q` is an order number or part of the technician's name; the scheduled range
 * is inclusive; `overdue=true` keeps the orders not completed whose scheduled time has passed (the
 * dashboard's overdue count). A paged answer lists orders without their items (counts are in each summary).
 */
export const SessionListQuery = z.strictObject({
  ...PageParams,
  siteId: Id.optional(),
  q: SearchText.optional(),
  status: SessionStatus.optional(),
  technicianId: Id.optional(),
  scheduledFrom: DateTimeInput.optional(),
  scheduledTo: DateTimeInput.optional(),
  overdue: z.enum(['true'], { error: 'overdue solo admite true.' }).optional(),
});
export type SessionListQuery = z.infer<typeof SessionListQuery>;

/** An order in a paged list: its summary, and the areas its traps are in (those without an area are not named). */
export const SessionListItem = SessionSummary.extend({ areas: z.array(z.string()) });
export type SessionListItem = z.infer<typeof SessionListItem>;

export const SessionPage = pageOf(SessionListItem);
export type SessionPage = z.infer<typeof SessionPage>;

export const CreateSessionBody = z.strictObject({
  technicianId: IdNumber,
  trapIds: z
    .array(IdNumber, { error: 'Selecciona al menos una trampa.' })
    .min(1, 'Selecciona al menos una trampa.')
    .max(MAX_TRAPS_PER_ORDER, `Una orden admite como máximo ${MAX_TRAPS_PER_ORDER} trampas.`),
  scheduledAt: DateTimeInput.nullable().optional(),
  /** Assign even though the technician's licence has expired (otherwise 409 LICENCE_EXPIRED). */
  confirmExpiredLicence: z.boolean().optional(),
});
export type CreateSessionBody = z.infer<typeof CreateSessionBody>;

export const UPDATE_SESSION_EMPTY = 'Indica el técnico, la fecha programada o ambos.';

/**
 * Moves an open order to another technician, to another time, or both. `scheduledAt: null` leaves it without a
 * date; a field left out keeps its value.
 */
export const UpdateSessionBody = z
  .strictObject({
    technicianId: IdNumber.optional(),
    scheduledAt: DateTimeInput.nullable().optional(),
    /** Assign even though the new technician's licence has expired (otherwise 409 LICENCE_EXPIRED). */
    confirmExpiredLicence: z.boolean().optional(),
  })
  .refine((body) => body.technicianId !== undefined || body.scheduledAt !== undefined, UPDATE_SESSION_EMPTY);
export type UpdateSessionBody = z.infer<typeof UpdateSessionBody>;

/** Orders a bulk change takes at once: a page of the office's table, and then some. */
export const MAX_BULK_ORDERS = 200;

const BulkIds = z
  .array(IdNumber, { error: 'Indica las órdenes a cambiar.' })
  .min(1, 'Selecciona al menos una orden.')
  .max(MAX_BULK_ORDERS, `Se pueden cambiar como máximo ${MAX_BULK_ORDERS} órdenes a la vez.`);

/** Moves several open orders to one technician, all or none (POST /sessions/bulk-reassign). */
export const BulkReassignBody = z.strictObject({
  ids: BulkIds,
  technicianId: IdNumber,
  /** Assign even though the technician's licence has expired (otherwise 409 LICENCE_EXPIRED). */
  confirmExpiredLicence: z.boolean().optional(),
});
export type BulkReassignBody = z.infer<typeof BulkReassignBody>;

/**
 * Moves several open orders to another day, all or none (POST /sessions/bulk-reschedule). Read in each order's
 * site's zone: with `time`, every order at that time; without it, each keeps its own time of day.
 */
export const BulkRescheduleBody = z.strictObject({
  ids: BulkIds,
  date: LocalDate,
  time: LocalTime.optional(),
});
export type BulkRescheduleBody = z.infer<typeof BulkRescheduleBody>;

/** What a bulk change did: the orders changed, in the order they were sent. */
export const BulkSessionsResult = z.object({ updated: z.array(z.number().int()) });
export type BulkSessionsResult = z.infer<typeof BulkSessionsResult>;

export const ScanBody = z.strictObject({
  qrSlug: text('El código QR', { error: 'El código QR es obligatorio.' })
    .trim()
    .min(1, 'El código QR es obligatorio.')
    .max(128, 'El código QR no pertenece a Rondín.'),
  /** Set by a device that queued the scan offline: a second delivery is recognised and not counted again. */
  clientScanId: z.uuid('clientScanId debe ser un UUID.').optional(),
  /** When the device made the scan; used as the inspection time when plausible. */
  scannedAt: DateTimeInput.optional(),
});
export type ScanBody = z.infer<typeof ScanBody>;

/**
 * POST /sessions/{id}/items: adds a device of the order's site that the office did not plan, on the spot. The
 * order's technician or an administrator; the order open (409), the device active (409 TrapMessages /
 * SessionMessages.trapInactive), of the order's site (400 trapOfOtherSite), not already in it (409
 * trapAlreadyInOrder), the order below MAX_TRAPS_PER_ORDER (409). Answers 201 {session, item} (ScanResponse's
 * shape) with the item PENDING and `addedOnSite: true`: the phone then scans it (or records it MANUAL) as any
 * other. Online only.
 */
export const AddSessionItemBody = z.strictObject({ trapId: IdNumber });
export type AddSessionItemBody = z.infer<typeof AddSessionItemBody>;

/**
 * Closing an order (POST /sessions/{id}/close). The rules, in the order they are checked:
 * - pending devices: a technician's close 409; an administrator's needs `force: true` (409 otherwise);
 * - every SCANNED or MANUAL item needs a finding: 409 FINDINGS_MISSING with ErrorResponse.items, unless
 *   `defaultNoActivity: true`, which records «Sin novedad» (noNewsFinding of the device's type) for each of them
 *   in the close's transaction, recorded by the closer;
 * - the closer needs a stored signature (PUT /technicians/me/signature): 409 SIGNATURE_REQUIRED. An
 *   administrator's close (forced or not) signs with the administrator's signature; the certificate names who
 *   closed;
 * - `clientSignature`: the client signs, or `{absent: true, reason}`. A technician's close without it: 400. An
 *   administrator's close without it records the client as absent, reason OFFICE_CLOSE_ABSENT_REASON.
 */
export const CloseSessionBody = z
  .strictObject({
    force: z.boolean({ error: 'force debe ser verdadero o falso.' }).optional(),
    /** Who signed for the client at the end of the visit (or that nobody could, and why): printed on the certificate. */
    clientSignature: ClientSignature.optional(),
    /** Record «Sin novedad» for every inspected device still without a finding (the phone's «Registrar Sin novedad en N escaneados»). */
    defaultNoActivity: z.boolean({ error: 'defaultNoActivity debe ser verdadero o falso.' }).optional(),
  })
  // A close without a signature (an older phone, or the office) has no body at all.
  .nullish();
export type CloseSessionBody = z.infer<typeof CloseSessionBody>;
