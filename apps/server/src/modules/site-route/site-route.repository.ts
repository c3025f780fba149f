import { and, asc, eq, sql } from 'drizzle-orm';
import { type Actor, auditedTransaction } from '../../db/audit.js';
import type { Database, Transaction } from '../../db/database.js';
import { plans, sites, trapPlacements, traps } from '../../db/schema.js';
import type { RouteDevice } from './propose-route.js';

export class SiteRouteRepository {
  constructor(private readonly db: Database) {}

  async siteExists(siteId: number): Promise<boolean> {
    const [row] = await this.db.select({ id: sites.id }).from(sites).where(eq(sites.id, siteId));
    return row !== undefined;
  }

  /** The site's active devices, each with its place on a plan in that plan's pixels (x and y are fractions). */
  async devices(siteId: number): Promise<RouteDevice[]> {
    const rows = await this.db
      .select({
        trapId: traps.id,
        code: traps.code,
        area: traps.area,
        routeOrder: traps.routeOrder,
        planId: trapPlacements.planId,
        x: sql<number | null>`${trapPlacements.x} * ${plans.width}`,
        y: sql<number | null>`${trapPlacements.y} * ${plans.height}`,
      })
      .from(traps)
      .leftJoin(trapPlacements, eq(trapPlacements.trapId, traps.id))
      .leftJoin(plans, eq(plans.id, trapPlacements.planId))
      .where(and(eq(traps.siteId, siteId), eq(traps.isActive, true)))
      .orderBy(asc(traps.id));
    return rows.map(({ planId, x, y, ...device }) => ({
      ...device,
      position: planId === null || x === null || y === null ? null : { planId, x: Number(x), y: Number(y) },
    }));
  }

  /**
   * Locks the site's row until the commit, so two saves of its route are one after the other; false when there
   * is no such site.
   */
  async lockSite(tx: Transaction, siteId: number): Promise<boolean> {
    const [row] = await tx.select({ id: sites.id }).from(sites).where(eq(sites.id, siteId)).for('update');
    return row !== undefined;
  }

  async activeIds(tx: Transaction, siteId: number): Promise<Set<number>> {
    const rows = await tx
      .select({ id: traps.id })
      .from(traps)
      .where(and(eq(traps.siteId, siteId), eq(traps.isActive, true)));
    return new Set(rows.map((row) => row.id));
  }

  /**
   * Puts the given devices at 1…n in that order and every other device of the site at none. Only the devices
   * whose place changes are written, so the change log holds what moved.
   */
  async saveOrder(tx: Transaction, siteId: number, trapIds: number[]): Promise<void> {
    await tx.execute(sql`
      update ${traps} t set route_order = o.place
      from ${traps} s
      left join unnest(${`{${trapIds.join(',')}}`}::int[]) with ordinality as o(id, place) on o.id = s.id
      where s.site_id = ${siteId} and t.id = s.id and t.route_order is distinct from o.place`);
  }

  /** A transaction whose changes the change log records as the actor's. */
  transaction<T>(actor: Actor, work: (tx: Transaction) => Promise<T>): Promise<T> {
    return auditedTransaction(this.db, actor, work);
  }
}
