import { z } from 'zod';
import { SessionStatus, Timestamp } from './common.js';
import { InspectionFilterFields } from './inspections.js';
import { PageParams, pageOf } from './paging.js';
import { periodInOrder } from './reports.js';
import { ReportMessages } from './messages.js';

/**
 * The plant's portal: each visit of a site with its certificate, and what was found at its devices
 * (DESIGN-plant.md, "The plant's portal"). Scoped to the account's sites like every portal read.
 */

/** GET /portal/sites/{id}/visits: a page of the site's orders, newest first. */
export const PortalVisitListQuery = z.strictObject({ ...PageParams });
export type PortalVisitListQuery = z.infer<typeof PortalVisitListQuery>;

/** One visit (an order) of the site, as the plant sees it. */
export const PortalVisit = z.object({
  id: z.number().int(),
  status: SessionStatus,
  scheduledAt: Timestamp.nullable(),
  startedAt: Timestamp.nullable(),
  closedAt: Timestamp.nullable(),
  /** The visit's day in the site's zone (closed, else started, else scheduled); null for an undated open order. */
  day: z.string().nullable(),
  /** The site's IANA zone its times are shown in (the server's when the site has none). */
  timeZone: z.string(),
  technician: z.object({ id: z.number().int(), fullName: z.string() }),
  /** Devices in the order, and those inspected (exceptions included). */
  devices: z.object({ due: z.number().int(), inspected: z.number().int() }),
  /** The certificate in force (latest revision); null while open, or for an order closed before certificates. */
  certificate: z.object({ folio: z.string(), revision: z.number().int(), issuedAt: Timestamp }).nullable(),
  /** Its PDF can be downloaded (GET /portal/visits/{id}/report.pdf): the certificate, or the service report. */
  reportAvailable: z.boolean(),
});
export type PortalVisit = z.infer<typeof PortalVisit>;

export const PortalVisitPage = pageOf(PortalVisit);
export type PortalVisitPage = z.infer<typeof PortalVisitPage>;

/**
 * GET /portal/sites/{id}/findings: the office's list of inspections (GET /inspections) for the path's site, with
 * its filters but the site and the technician.
 */
const { siteId: _site, technicianId: _technician, ...siteFilters } = InspectionFilterFields;
export const PortalFindingListQuery = z
  .strictObject({ ...PageParams, ...siteFilters })
  .refine(periodInOrder, { message: ReportMessages.periodReversed, path: ['from'] });
export type PortalFindingListQuery = z.infer<typeof PortalFindingListQuery>;
