import { type PortalSiteOverview, PortalMessages } from '@rondin/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { SiteStatus } from '../../lib/site-status.js';

/** What the portal composes, each from the module that owns it (wired in app.ts). */
export interface PortalSources {
  siteStatus(siteIds: readonly number[], from: Date, now: Date): Promise<SiteStatus[]>;
  /** Open sightings (ABIERTO) per site; absent sites have none. */
  openSightings(siteIds: readonly number[]): Promise<Map<number, number>>;
  now?: () => Date;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** completed / due × 100 with one decimal, as the compliance figures round it; null when nothing was due. */
const percent = (completed: number, due: number) => (due === 0 ? null : Math.round((completed / due) * 1000) / 10);

/**
 * The plant's portal: what a CLIENTE reads and answers, always inside its scope (request.user.siteIds): a site
 * outside it is a 404, exactly as one that does not exist. Holds no SQL: it composes other modules.
 */
export class PortalService {
  private readonly now: () => Date;

  constructor(private readonly sources: PortalSources) {
    this.now = sources.now ?? (() => new Date());
  }

  /** The site's id when the caller may see it; a 404 otherwise. */
  site(user: AuthUser, siteId: number): number {
    if (!(user.siteIds ?? []).includes(siteId)) throw AppError.notFound(PortalMessages.siteNotFound);
    return siteId;
  }

  async sites(user: AuthUser): Promise<PortalSiteOverview[]> {
    return this.overview(user.siteIds ?? []);
  }

  async siteOverview(user: AuthUser, siteId: number): Promise<PortalSiteOverview> {
    const [site] = await this.overview([this.site(user, siteId)]);
    if (!site) throw AppError.notFound(PortalMessages.siteNotFound);
    return site;
  }

  private async overview(siteIds: readonly number[]): Promise<PortalSiteOverview[]> {
    if (siteIds.length === 0) return [];
    const now = this.now();
    const from = new Date(now);
    from.setUTCFullYear(from.getUTCFullYear() - 1);
    const [rows, sightings] = await Promise.all([
      this.sources.siteStatus(siteIds, from, now),
      this.sources.openSightings(siteIds),
    ]);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      address: row.address,
      client: { id: row.clientId, name: row.clientName },
      timeZone: row.timeZone,
      lastVisit:
        row.lastVisitId === null
          ? null
          : { id: row.lastVisitId, closedAt: iso(row.lastVisitClosedAt)!, certificateId: row.lastCertificateId },
      nextVisit: row.nextVisitId === null ? null : { id: row.nextVisitId, scheduledFor: iso(row.nextVisitAt) },
      compliance12m: {
        dueOrders: row.dueOrders,
        completedOrders: row.completedOrders,
        percent: percent(row.completedOrders, row.dueOrders),
      },
      openActions: row.openActions,
      recommendationsAwaiting: row.recommendationsAwaiting,
      openSightings: sightings.get(row.id) ?? 0,
    }));
  }
}
