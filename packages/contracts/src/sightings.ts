import { z } from 'zod';
import { DateTimeInput, digits, Id, text, multilineText, Timestamp } from './common.js';
import { PEST_GROUPS } from './devices.js';
import { ACTION_STATUSES } from './action-names.js';
import { MAX_PAGE_SIZE } from './paging.js';
import {
  SIGHTING_DESCRIPTION_MAX,
  SIGHTING_REPORTER_MAX,
  SIGHTING_SOURCES,
  SIGHTING_STATUSES,
  SightingMessages,
} from './sighting-names.js';

/** A photo of a sighting: GET /api/sightings/{id}/photos/{photoId} (size=thumb: its small JPEG). */
export const SightingPhoto = z.object({ id: z.number().int(), mediaType: z.string(), size: z.number().int() });
export type SightingPhoto = z.infer<typeof SightingPhoto>;

/** A sighting as the office and the portal read it, with the corrective action it opened. */
export const Sighting = z.object({
  id: z.number().int(),
  site: z.object({ id: z.number().int(), name: z.string() }),
  /** One of the site's device areas. */
  area: z.string(),
  device: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  pestGroup: z.enum(PEST_GROUPS).nullable(),
  pest: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  description: z.string(),
  seenAt: Timestamp,
  /** Who reported it: an account of the portal or the office (accountId), or the name typed on the public page. */
  reporter: z.object({ accountId: z.number().int().nullable(), name: z.string() }),
  source: z.enum(SIGHTING_SOURCES),
  /** The action's: ATENDIDO once it is closed. */
  status: z.enum(SIGHTING_STATUSES),
  action: z.object({
    id: z.number().int(),
    status: z.enum(ACTION_STATUSES),
    dueDate: z.string(),
    closedAt: Timestamp.nullable(),
    closedBy: z.string().nullable(),
  }),
  photos: z.array(SightingPhoto),
  createdAt: Timestamp,
});
export type Sighting = z.infer<typeof Sighting>;

/** GET /api/sightings and GET /api/sites/{id}/sightings: newest first, `limit` of them. */
export const SightingList = z.object({
  items: z.array(Sighting),
  /** Open ones over everything the filters other than status keep: what the dashboard counts. */
  openCount: z.number().int(),
});
export type SightingList = z.infer<typeof SightingList>;

const limit = digits(`limit debe estar entre 1 y ${MAX_PAGE_SIZE}.`)
  .pipe(
    z
      .number()
      .min(1, `limit debe estar entre 1 y ${MAX_PAGE_SIZE}.`)
      .max(MAX_PAGE_SIZE, `limit debe estar entre 1 y ${MAX_PAGE_SIZE}.`),
  )
  .optional();
const status = z
  .enum(SIGHTING_STATUSES, { error: `El estado debe ser uno de: ${SIGHTING_STATUSES.join(', ')}.` })
  .optional();

/** A site's sightings (office and portal). */
export const SiteSightingsQuery = z.strictObject({ status, limit });
export type SiteSightingsQuery = z.infer<typeof SiteSightingsQuery>;

/** Every site's (the office's dashboard), or one's. */
export const SightingListQuery = z.strictObject({
  status,
  siteId: digits('siteId debe ser un número entero positivo.').optional(),
  limit,
});
export type SightingListQuery = z.infer<typeof SightingListQuery>;

export const SightingPhotoParams = z.strictObject({ id: Id, photoId: Id });
export type SightingPhotoParams = z.infer<typeof SightingPhotoParams>;

/**
 * The text fields of a sighting's form (multipart/form-data, with up to SIGHTING_PHOTOS_MAX photos in `file`):
 * every one arrives as text. `reporterName` is the public page's (required there); the portal and the office
 * report as their account. `trapId` and `pestId` are not taken from the public page.
 */
export const SightingFields = z.strictObject({
  area: text('El área', { error: SightingMessages.areaRequired }).trim().min(1, SightingMessages.areaRequired),
  description: multilineText('La descripción', { error: SightingMessages.descriptionRequired })
    .trim()
    .min(1, SightingMessages.descriptionRequired)
    .max(SIGHTING_DESCRIPTION_MAX, SightingMessages.descriptionLong),
  seenAt: z.string({ error: SightingMessages.seenAtRequired }).pipe(DateTimeInput),
  pestGroup: z.enum(PEST_GROUPS, { error: SightingMessages.pestGroup }).optional(),
  pestId: Id.optional(),
  trapId: Id.optional(),
  reporterName: text('El nombre', { error: SightingMessages.reporterRequired })
    .trim()
    .min(1, SightingMessages.reporterRequired)
    .max(SIGHTING_REPORTER_MAX, SightingMessages.reporterLong)
    .optional(),
});
export type SightingFields = z.infer<typeof SightingFields>;
/** The form's field names, in the order the forms send them. */
export const SIGHTING_FORM_FIELDS = [
  'area',
  'description',
  'seenAt',
  'pestGroup',
  'pestId',
  'trapId',
  'reporterName',
] as const;

/** What the public page's token opens: the site's name and its areas, nothing else of the site. */
export const PublicSightingPage = z.object({ siteName: z.string(), areas: z.array(z.string()) });
export type PublicSightingPage = z.infer<typeof PublicSightingPage>;

/** Where a sighting of a site may be reported: its active devices' areas, by name (the portal's form). */
export const SightingAreas = z.object({ areas: z.array(z.string()) });
export type SightingAreas = z.infer<typeof SightingAreas>;

/** What the public page is answered once the sighting is stored: its number to quote, and the thanks. */
export const PublicSightingReceipt = z.object({ id: z.number().int(), message: z.string() });
export type PublicSightingReceipt = z.infer<typeof PublicSightingReceipt>;

export const PublicSightingParams = z.strictObject({
  token: z
    .string({ error: SightingMessages.linkNotFound })
    .regex(/^[A-Za-z0-9_-]{16,64}$/, SightingMessages.linkNotFound),
});
export type PublicSightingParams = z.infer<typeof PublicSightingParams>;

/** A site's sighting link: what its posters' QR opens (`url`, PUBLIC_URL + /avistamiento/{token}). */
export const SightingLink = z.object({
  siteId: z.number().int(),
  token: z.string(),
  url: z.string(),
  createdAt: Timestamp,
});
export type SightingLink = z.infer<typeof SightingLink>;

/** GET /api/sites/{id}/sighting-poster.pdf: one area's poster, or without `area` one page per area. */
export const SightingPosterQuery = z.strictObject({
  area: text('El área', { error: SightingMessages.areaRequired })
    .trim()
    .min(1, SightingMessages.areaRequired)
    .optional(),
});
export type SightingPosterQuery = z.infer<typeof SightingPosterQuery>;

/** An open sighting of the order's site, as the technician's phone shows it on the order (GET /sessions/{id}). */
export const OrderSighting = z.object({
  id: z.number().int(),
  area: z.string(),
  description: z.string(),
  seenAt: Timestamp,
  pestGroup: z.enum(PEST_GROUPS).nullable(),
  reporterName: z.string(),
  actionId: z.number().int(),
});
export type OrderSighting = z.infer<typeof OrderSighting>;
