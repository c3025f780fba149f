import type {
  InspectionListQuery,
  InspectionPage,
  PortalFindingListQuery,
  PortalVisit,
  PortalVisitListQuery,
  PortalVisitPage,
  SessionListQuery,
  SessionPage,
} from '@rondin/contracts';
import type { Readable } from 'node:stream';
import type { ServedFile } from '../../files/send-file.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { localDate } from '../../lib/time-zone.js';

/** What the portal's visits and findings are made of, each from the module that owns it (wired in app.ts). */
export interface PortalVisitSources {
  /** The office's page of orders (OrdersService.page), here always of one site. */
  orders(query: SessionListQuery): Promise<SessionPage>;
  /** Each order's certificate in force (CertificatesService.inForce). */
  certificates(sessionIds: readonly number[]): Promise<Map<number, NonNullable<PortalVisit['certificate']>>>;
  /** The office's order PDF (OrdersService.report): it checks a CLIENTE's order against its sites (404 outside). */
  report(user: AuthUser, sessionId: number, origin?: string): Promise<{ content: Readable; fileName: string }>;
  /** The office's list of inspections (InspectionsService.page), here always of one site. */
  inspections(query: InspectionListQuery): Promise<InspectionPage>;
  /** A finding's photo (FindingsService.photoFile): it checks a CLIENTE's photo against its sites (404 outside). */
  photo(user: AuthUser, photoId: number): Promise<ServedFile>;
  /** The server's zone (TIME_ZONE), for sites without their own. */
  timeZone: string;
}

/**
 * The visits of a site the portal has already checked (PortalService.site), each with its certificate, and what
 * was found at its devices. Holds no SQL: the orders, certificates and inspections modules answer.
 */
export class PortalVisitsService {
  constructor(private readonly sources: PortalVisitSources) {}

  async visits(siteId: number, query: PortalVisitListQuery): Promise<PortalVisitPage> {
    const page = await this.sources.orders({ ...query, siteId });
    const certificates = await this.sources.certificates(page.items.map((order) => order.id));
    return {
      ...page,
      items: page.items.map((order) => {
        const timeZone = order.site.timeZone ?? this.sources.timeZone;
        const when = order.closedAt ?? order.startedAt ?? order.scheduledAt;
        return {
          id: order.id,
          status: order.status,
          scheduledAt: order.scheduledAt,
          startedAt: order.startedAt,
          closedAt: order.closedAt,
          day: when === null ? null : localDate(new Date(when), timeZone),
          timeZone,
          technician: { id: order.technician.id, fullName: order.technician.fullName },
          devices: { due: order.itemCount, inspected: order.completedCount },
          certificate: certificates.get(order.id) ?? null,
          reportAvailable: order.status === 'COMPLETED',
        };
      }),
    };
  }

  report(user: AuthUser, sessionId: number, origin?: string): Promise<{ content: Readable; fileName: string }> {
    return this.sources.report(user, sessionId, origin);
  }

  findings(siteId: number, query: PortalFindingListQuery): Promise<InspectionPage> {
    return this.sources.inspections({ ...query, siteId });
  }

  photo(user: AuthUser, photoId: number): Promise<ServedFile> {
    return this.sources.photo(user, photoId);
  }
}
