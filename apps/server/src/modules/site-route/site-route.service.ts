import { RouteMessages, SiteMessages, type SiteRoute } from '@rondin/contracts';
import { byWalkOrder } from '@rondin/contracts/walk-order';
import type { Actor } from '../../db/audit.js';
import { AppError } from '../../lib/app-error.js';
import { proposeRoute, type RouteDevice } from './propose-route.js';
import type { SiteRouteRepository } from './site-route.repository.js';

const toRoute = (devices: RouteDevice[]): SiteRoute => ({
  items: devices.map(({ trapId, code, area, routeOrder }) => ({ trapId, code, area, routeOrder })),
});

/** A site's walk order: the order its technician visits its devices in (SiteRoute in the contracts). */
export class SiteRouteService {
  constructor(private readonly repository: SiteRouteRepository) {}

  async get(siteId: number): Promise<SiteRoute> {
    const devices = await this.devices(siteId);
    return toRoute(devices.sort((a, b) => byWalkOrder(a, b) || a.trapId - b.trapId));
  }

  /** Proposed from the floor plans, not saved: routeOrder is each device's place in the proposal. */
  async propose(siteId: number): Promise<SiteRoute> {
    const proposed = proposeRoute(await this.devices(siteId));
    return toRoute(proposed.map((device, index) => ({ ...device, routeOrder: index + 1 })));
  }

  async save(actor: Actor, siteId: number, trapIds: number[]): Promise<SiteRoute> {
    await this.repository.transaction(actor, async (tx) => {
      if (!(await this.repository.lockSite(tx, siteId))) throw AppError.notFound(SiteMessages.notFound);
      const active = await this.repository.activeIds(tx, siteId);
      if (!trapIds.every((id) => active.has(id))) throw AppError.badRequest(RouteMessages.otherSite);
      await this.repository.saveOrder(tx, siteId, trapIds);
    });
    return this.get(siteId);
  }

  private async devices(siteId: number): Promise<RouteDevice[]> {
    if (!(await this.repository.siteExists(siteId))) throw AppError.notFound(SiteMessages.notFound);
    return this.repository.devices(siteId);
  }
}
