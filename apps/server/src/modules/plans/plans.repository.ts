import { and, asc, desc, eq, getTableColumns, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { HEAT_LIMITS, type ActivityLevel, type HeatClass } from '@rondin/contracts';
import { type Actor, auditedTransaction } from '../../db/audit.js';
import { queryRows, type Database, type Transaction } from '../../db/database.js';
import { files, placementEvents, plans, sessions, sites, technicians, trapPlacements, traps } from '../../db/schema.js';

export type PlanRow = typeof plans.$inferSelect;
export type NewPlanRow = Omit<typeof plans.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type PlanChanges = Partial<Pick<typeof plans.$inferInsert, 'name' | 'fileId' | 'width' | 'height'>>;
/** A plan with its image's type and size, and how many active devices stand on it. */
export type PlanWithCounts = PlanRow & {
  mediaType: (typeof files.$inferSelect)['mediaType'];
  size: number;
  placedCount: number;
};
export type PlacementRow = typeof trapPlacements.$inferSelect;
export type NewPlacementEvent = Omit<typeof placementEvents.$inferInsert, 'id' | 'at'>;
export interface SiteOfPlans {
  id: number;
  name: string;
  client: string | null;
  timeZone: string | null;
}
export interface PlanDeviceRow {
  trapId: number;
  planId: number;
  x: number;
  y: number;
  placedAt: Date;
  code: string;
  type: (typeof traps.$inferSelect)['type'];
  zone: (typeof traps.$inferSelect)['zone'];
  area: string | null;
  isActive: boolean;
}
export interface PlacementEventRow {
  id: number;
  trapId: number;
  planId: number | null;
  planName: string | null;
  x: number | null;
  y: number | null;
  at: Date;
  byId: number | null;
  byName: string | null;
}

/** A device put on a plan (planId), moved on it, or taken off (planId null), at `at`. */
export interface PlacementChange {
  trapId: number;
  planId: number | null;
  x: number | null;
  y: number | null;
  at: Date;
}

/** A device of the plan with what its inspections of a period showed (see PlansRepository.heat). */
export interface PlanHeatRow {
  trapId: number;
  code: string;
  type: (typeof traps.$inferSelect)['type'];
  area: string | null;
  x: number;
  y: number;
  inspections: number;
  withActivity: number;
  captures: number;
  maxActivity: ActivityLevel | null;
  meanBait: number | null;
  exceptions: number;
  damaged: number;
  heat: HeatClass;
}

/**
 * The heat of each active device of plan $1 over [$2, $3), $4 weeks long. An inspection is a finding's current
 * version (the item's finding_id: the latest, or the correction) recorded in the period, as the trends count
 * them; a capture band counts as its least. An electronic device's remote findings (origin REMOTO) add their
 * catches and their activity (the maximum, and a device with any is at least BAJA) but are never inspections:
 * the share of inspections with activity is the technicians' alone. The class follows HEAT_LIMITS, in integers where it can: a share
 * of at least p % is `withActivity * 100 >= inspections * p`.
 */
const heatOf = (devices: string) => `
  WITH dev AS (${devices}),
  cur AS (
    SELECT f.trap_id, f.activity, f.bait_consumption, f.trap_type, f.device_status, i.id IS NULL AS remote,
           (SELECT sum(coalesce(c.count, CASE c.band WHEN '0' THEN 0 WHEN '1-10' THEN 1 WHEN '11-50' THEN 11 ELSE 51 END))
            FROM finding_captures c WHERE c.finding_id = f.id) AS caught
    FROM dev
    JOIN findings f ON f.trap_id = dev.trap_id AND f.recorded_at >= $2 AND f.recorded_at < $3
    LEFT JOIN session_items i ON i.id = f.item_id AND i.finding_id = f.id
    WHERE i.id IS NOT NULL OR f.origin = 'REMOTO'
  ),
  fig AS (
    SELECT trap_id,
           (count(*) FILTER (WHERE NOT remote))::int AS inspections,
           (count(*) FILTER (WHERE NOT remote AND activity <> 'NINGUNA'))::int AS with_activity,
           (count(*) FILTER (WHERE remote AND activity <> 'NINGUNA'))::int AS remote_activity,
           coalesce(sum(caught), 0)::int AS captures,
           max(array_position(ARRAY['NINGUNA', 'BAJA', 'MEDIA', 'ALTA'], activity)) AS max_rank,
           (avg(bait_consumption) FILTER (WHERE trap_type = 'CEBADERO' AND NOT remote))::float8 AS mean_bait,
           (count(*) FILTER (WHERE device_status = 'DANADO' AND NOT remote))::int AS damaged
    FROM cur GROUP BY trap_id
  ),
  exc AS (
    SELECT i.trap_id, count(*)::int AS exceptions
    FROM dev JOIN session_items i ON i.trap_id = dev.trap_id
    WHERE i.exception_reason IS NOT NULL AND i.completed_at >= $2 AND i.completed_at < $3
    GROUP BY i.trap_id
  )
  SELECT dev.trap_id AS "trapId", dev.code, dev.type, dev.area, dev.x, dev.y,
         coalesce(fig.inspections, 0) AS inspections,
         coalesce(fig.with_activity, 0) AS "withActivity",
         coalesce(fig.captures, 0) AS captures,
         (ARRAY['NINGUNA', 'BAJA', 'MEDIA', 'ALTA'])[fig.max_rank] AS "maxActivity",
         fig.mean_bait AS "meanBait",
         coalesce(exc.exceptions, 0) AS exceptions,
         coalesce(fig.damaged, 0) AS damaged,
         CASE
           WHEN fig.trap_id IS NULL THEN 'SIN_DATOS'
           WHEN (fig.inspections > 0 AND fig.with_activity * 100 >= fig.inspections * $5::int)
             OR fig.captures >= $6::float8 * $4::float8 THEN 'ALTA'
           WHEN (fig.inspections > 0 AND fig.with_activity * 100 >= fig.inspections * $7::int)
             OR fig.captures >= $8::float8 * $4::float8 THEN 'MEDIA'
           WHEN fig.with_activity > 0 OR fig.remote_activity > 0 OR fig.captures > 0 THEN 'BAJA'
           ELSE 'SIN_ACTIVIDAD'
         END AS heat
  FROM dev LEFT JOIN fig ON fig.trap_id = dev.trap_id LEFT JOIN exc ON exc.trap_id = dev.trap_id
  ORDER BY lower(dev.code) COLLATE "C", dev.trap_id`;
const PLAN_HEAT = heatOf(`
  SELECT t.id AS trap_id, t.code, t.type, t.area, tp.x, tp.y
  FROM trap_placements tp JOIN traps t ON t.id = tp.trap_id AND t.is_active
  WHERE tp.plan_id = $1`);
/** The same for the devices $1 (an array of ids), wherever they stand now (x and y are 0). */
const TRAPS_HEAT = heatOf(`
  SELECT t.id AS trap_id, t.code, t.type, t.area, 0::float8 AS x, 0::float8 AS y
  FROM traps t WHERE t.id = ANY($1::int[])`);

/**
 * Every change of place of a site's devices before $2, oldest first; a device standing on a plan without any
 * change recorded (written round the service, as a bulk load may be) counts as placed when its row says.
 */
const SITE_PLACEMENT_HISTORY = `
  SELECT e.trap_id AS "trapId", e.plan_id AS "planId", e.x, e.y, e.at
  FROM placement_events e JOIN traps t ON t.id = e.trap_id
  WHERE t.site_id = $1 AND e.at < $2
  UNION ALL
  SELECT tp.trap_id, tp.plan_id, tp.x, tp.y, tp.placed_at
  FROM trap_placements tp JOIN traps t ON t.id = tp.trap_id
  WHERE t.site_id = $1 AND tp.placed_at < $2
    AND NOT EXISTS (SELECT 1 FROM placement_events e WHERE e.trap_id = tp.trap_id)
  ORDER BY at, "trapId"`;

/** Who may read a site's plans: an administrator (no technician given), or a technician with an order there. */
export interface ReadScope {
  technicianId?: number | undefined;
}

/** Devices retired from service keep their place (it comes back with them), but no map or count shows them. */
const activeTrap = and(eq(traps.id, trapPlacements.trapId), eq(traps.isActive, true));

// Spelled out: in a subquery Drizzle writes a bare "id", which would be the inner table's own.
const placedCount = sql<number>`(select count(*) from ${trapPlacements} tp join ${traps} t on t.id = tp.trap_id
  where tp.plan_id = ${plans}.id and t.is_active)::int`;

/** Codes ignoring case, in byte order, then id: the inventory's order, and the order markers are numbered in. */
const codeOrder = [asc(sql`(lower(${traps.code}) collate "C")`), asc(traps.id)];

/** The sites where a technician has an order assigned, done or not (as the sites module decides it). */
const hasOrdersOf = (technicianId: number) =>
  sql`exists (select 1 from ${sessions} s where s.site_id = ${sites.id} and s.technician_id = ${technicianId})`;

export class PlansRepository {
  constructor(private readonly db: Database) {}

  /** The site, when it exists and the scope may read it. */
  async site(id: number, scope: ReadScope = {}): Promise<SiteOfPlans | undefined> {
    const [row] = await this.db
      .select({ id: sites.id, name: sites.name, client: sites.client, timeZone: sites.timeZone })
      .from(sites)
      .where(and(eq(sites.id, id), scope.technicianId !== undefined ? hasOrdersOf(scope.technicianId) : undefined));
    return row;
  }

  /** A site's plans by name. */
  list(siteId: number): Promise<PlanWithCounts[]> {
    return this.select(eq(plans.siteId, siteId)).orderBy(asc(sql`lower(${plans.name})`), asc(plans.id));
  }

  async find(id: number, tx: Database | Transaction = this.db): Promise<PlanWithCounts | undefined> {
    const [row] = await this.select(eq(plans.id, id), tx);
    return row;
  }

  private select(where: SQL, tx: Database | Transaction = this.db) {
    return tx
      .select({
        id: plans.id,
        siteId: plans.siteId,
        name: plans.name,
        fileId: plans.fileId,
        width: plans.width,
        height: plans.height,
        createdAt: plans.createdAt,
        updatedAt: plans.updatedAt,
        mediaType: files.mediaType,
        size: files.size,
        placedCount,
      })
      .from(plans)
      .innerJoin(files, eq(files.id, plans.fileId))
      .where(where);
  }

  /** Whether another plan of the site has this name, ignoring case. */
  async nameTaken(tx: Transaction, siteId: number, name: string, exceptId?: number): Promise<boolean> {
    const [row] = await tx
      .select({ id: plans.id })
      .from(plans)
      .where(
        and(
          eq(plans.siteId, siteId),
          eq(sql`lower(${plans.name})`, name.toLowerCase()),
          exceptId ? ne(plans.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async insert(tx: Transaction, values: NewPlanRow): Promise<PlanRow> {
    const [row] = await tx.insert(plans).values(values).returning();
    return row!;
  }

  /** Changes a plan and marks it changed now. */
  async update(tx: Transaction, id: number, changes: PlanChanges): Promise<void> {
    await tx
      .update(plans)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(plans.id, id));
  }

  async delete(tx: Transaction, id: number): Promise<void> {
    await tx.delete(plans).where(eq(plans.id, id));
  }

  /**
   * Locks the plan's row for the rest of the transaction: FOR UPDATE to replace or delete it, FOR SHARE to put
   * a device on it (several placements at once, but none while the plan is being deleted).
   */
  async lock(tx: Transaction, id: number, strength: 'update' | 'share'): Promise<PlanRow | undefined> {
    const [row] = await tx.select().from(plans).where(eq(plans.id, id)).for(strength);
    return row;
  }

  /** The active devices on the plan, in code order. */
  devices(planId: number): Promise<PlanDeviceRow[]> {
    const { placedById: _, ...place } = getTableColumns(trapPlacements);
    return this.db
      .select({
        ...place,
        code: traps.code,
        type: traps.type,
        zone: traps.zone,
        area: traps.area,
        isActive: traps.isActive,
      })
      .from(trapPlacements)
      .innerJoin(traps, activeTrap)
      .where(eq(trapPlacements.planId, planId))
      .orderBy(...codeOrder);
  }

  /** Each active device of the plan, in code order, with what its inspections of [from, to) showed. */
  heat(planId: number, range: { from: Date; to: Date; weeks: number }): Promise<PlanHeatRow[]> {
    return queryRows<PlanHeatRow>(this.db, PLAN_HEAT, [planId, ...this.heatLimits(range)]);
  }

  /** The heat queries' parameters after the first: the period, its weeks and the classes' limits. */
  private heatLimits(range: { from: Date; to: Date; weeks: number }) {
    return [
      range.from,
      range.to,
      range.weeks,
      Math.round(HEAT_LIMITS.ALTA.activityShare * 100),
      HEAT_LIMITS.ALTA.capturesPerWeek,
      Math.round(HEAT_LIMITS.MEDIA.activityShare * 100),
      HEAT_LIMITS.MEDIA.capturesPerWeek,
    ];
  }

  /** Each of the devices `trapIds`, in code order, with what its inspections of [from, to) showed. */
  trapsHeat(trapIds: readonly number[], range: { from: Date; to: Date; weeks: number }): Promise<PlanHeatRow[]> {
    if (!trapIds.length) return Promise.resolve([]);
    return queryRows<PlanHeatRow>(this.db, TRAPS_HEAT, [[...trapIds], ...this.heatLimits(range)]);
  }

  /** Every change of place of the site's devices before `to`, oldest first (SITE_PLACEMENT_HISTORY). */
  placementHistory(siteId: number, to: Date): Promise<PlacementChange[]> {
    return queryRows<PlacementChange>(this.db, SITE_PLACEMENT_HISTORY, [siteId, to]);
  }

  /** Where each active device of the site stands, by trap id. */
  sitePlacements(siteId: number): Promise<PlacementRow[]> {
    return this.db
      .select(getTableColumns(trapPlacements))
      .from(trapPlacements)
      .innerJoin(traps, activeTrap)
      .where(eq(traps.siteId, siteId))
      .orderBy(asc(trapPlacements.trapId));
  }

  /**
   * The trap, its row locked against another change of its place until the transaction ends, so that its
   * changes are recorded in the order they were made. (NO KEY UPDATE: an order taking the trap meanwhile is not held up.)
   */
  async lockTrap(tx: Transaction, id: number): Promise<{ id: number; siteId: number } | undefined> {
    const [row] = await tx
      .select({ id: traps.id, siteId: traps.siteId })
      .from(traps)
      .where(eq(traps.id, id))
      .for('no key update');
    return row;
  }

  /** The traps found among `ids`, locked as `lockTrap` locks one, in id order (two bulk changes never deadlock). */
  lockTraps(tx: Transaction, ids: readonly number[]): Promise<{ id: number; siteId: number; code: string }[]> {
    return tx
      .select({ id: traps.id, siteId: traps.siteId, code: traps.code })
      .from(traps)
      .where(inArray(traps.id, [...ids]))
      .orderBy(asc(traps.id))
      .for('no key update');
  }

  placementsOf(tx: Transaction, trapIds: readonly number[]): Promise<PlacementRow[]> {
    return tx
      .select()
      .from(trapPlacements)
      .where(inArray(trapPlacements.trapId, [...trapIds]));
  }

  /** Puts each device at its point, moving those that stood elsewhere, in one statement. */
  async placeMany(tx: Transaction, values: Omit<PlacementRow, 'placedAt'>[]): Promise<PlacementRow[]> {
    if (values.length === 0) return [];
    return tx
      .insert(trapPlacements)
      .values(values)
      .onConflictDoUpdate({
        target: trapPlacements.trapId,
        set: {
          planId: sql`excluded.plan_id`,
          x: sql`excluded.x`,
          y: sql`excluded.y`,
          placedById: sql`excluded.placed_by_id`,
          placedAt: sql`now()`,
        },
      })
      .returning();
  }

  async trapExists(id: number): Promise<boolean> {
    const [row] = await this.db.select({ id: traps.id }).from(traps).where(eq(traps.id, id));
    return row !== undefined;
  }

  async placementOf(tx: Transaction, trapId: number): Promise<PlacementRow | undefined> {
    const [row] = await tx.select().from(trapPlacements).where(eq(trapPlacements.trapId, trapId));
    return row;
  }

  async place(tx: Transaction, values: Omit<PlacementRow, 'placedAt'>): Promise<PlacementRow> {
    const { trapId, ...place } = values;
    const [row] = await tx
      .insert(trapPlacements)
      .values(values)
      .onConflictDoUpdate({ target: trapPlacements.trapId, set: { ...place, placedAt: sql`now()` } })
      .returning();
    return row!;
  }

  async unplace(tx: Transaction, trapId: number): Promise<void> {
    await tx.delete(trapPlacements).where(eq(trapPlacements.trapId, trapId));
  }

  /** Takes every device off the plan and answers which they were (retired ones too: their place goes as well). */
  async unplaceAll(tx: Transaction, planId: number): Promise<number[]> {
    const rows = await tx
      .delete(trapPlacements)
      .where(eq(trapPlacements.planId, planId))
      .returning({ trapId: trapPlacements.trapId });
    return rows.map((row) => row.trapId);
  }

  async recordEvents(tx: Transaction, events: NewPlacementEvent[]): Promise<void> {
    if (events.length) await tx.insert(placementEvents).values(events);
  }

  /** Every change of the trap's place, newest first, with the plan's name while it exists and who made it. */
  events(trapId: number): Promise<PlacementEventRow[]> {
    return this.db
      .select({
        id: placementEvents.id,
        trapId: placementEvents.trapId,
        planId: placementEvents.planId,
        planName: plans.name,
        x: placementEvents.x,
        y: placementEvents.y,
        at: placementEvents.at,
        byId: technicians.id,
        byName: technicians.fullName,
      })
      .from(placementEvents)
      .leftJoin(plans, eq(plans.id, placementEvents.planId))
      .leftJoin(technicians, eq(technicians.id, placementEvents.byId))
      .where(eq(placementEvents.trapId, trapId))
      .orderBy(desc(placementEvents.id));
  }

  /** A transaction whose changes the change log records as the actor's. */
  transaction<T>(actor: Actor, work: (tx: Transaction) => Promise<T>): Promise<T> {
    return auditedTransaction(this.db, actor, work);
  }
}
