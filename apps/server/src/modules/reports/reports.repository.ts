import type {
  Finding,
  ItemException,
  ItemManual,
  ItemOutcome,
  TrendDimension,
  TrendInterval,
  TrendThreshold,
  TrapType,
} from '@rondin/contracts';
import type { FindingContent } from '@rondin/contracts/finding-text';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import type { SiteStatus } from '../../lib/site-status.js';
import { itemException, itemManual, itemOutcome } from '../../lib/item-outcome.js';
import {
  findingCaptures,
  findings,
  pests,
  sessionItems,
  sessions,
  sites,
  technicians,
  traps,
} from '../../db/schema.js';
import {
  countRemoteTrends,
  countTrends,
  periodStart,
  type RemoteTrendRow,
  trendThresholds,
  type TrendRow,
} from './trends.repository.js';

/** A report's period, [from, to), the instant orders are judged due at, and the one site it covers if any. */
export interface ReportPeriod {
  from?: Date | undefined;
  to?: Date | undefined;
  now: Date;
  siteId?: number | undefined;
}

/** The site a report covers: its name heads the documents, its zone (when set) dates them. */
export interface ReportSite {
  name: string;
  client: string | null;
  timeZone: string | null;
}

export interface ComplianceCounts {
  totalSessions: number;
  completedSessions: number;
  forcedSessions: number;
  pendingTraps: number;
  overdueSessions: number;
  dueTraps: number;
  inspectedTraps: number;
  exceptionTraps: number;
  planGaps: number;
}

export interface ExportRow {
  id: number;
  site: string;
  technician: string;
  scheduledAt: Date | null;
  createdAt: Date;
  status: 'PENDING' | 'IN_PROGRESS' | 'COMPLETED';
  completedCount: number;
  itemCount: number;
  closedAt: Date | null;
  forceClosed: boolean;
}

/** One device of an exported order: how its visit ended and what was found. */
export interface ExportItemRow {
  sessionId: number;
  site: string;
  code: string;
  type: TrapType;
  area: string | null;
  outcome: ItemOutcome | null;
  completedAt: Date | null;
  /** Who scanned it or recorded why it could not be. */
  technician: string | null;
  exception: ItemException | null;
  /** Its printed code typed (MANUAL): why, and what was typed. */
  manual: ItemManual | null;
  /** The current version of the finding: what the sheet prints of it. */
  finding: FindingContent | null;
}

/** Devices read at once at most (one order may hold 5,000): orders are read together until they reach it. */
const ITEMS_PER_BATCH = 5000;

/**
 * The orders due in a period: scheduled within [from, to) and at or before `now`, or undated and created
 * within [from, to). Written as two branches on `scheduled_at` (a range, and IS NULL) so both are read from
 * sessions_scheduled_at_idx; an expression such as coalesce(scheduled_at, created_at) has no index.
 */
export function dueIn({ from, to, now, siteId }: ReportPeriod): SQL {
  const scheduled = and(
    from && gte(sessions.scheduledAt, from),
    to && lt(sessions.scheduledAt, to),
    lte(sessions.scheduledAt, now),
  );
  const undated = and(
    isNull(sessions.scheduledAt),
    from && gte(sessions.createdAt, from),
    to && lt(sessions.createdAt, to),
  );
  return and(or(scheduled, undated), siteId === undefined ? undefined : eq(sessions.siteId, siteId))!;
}

/** completed / due × 100 with one decimal; 0 when nothing is due (not NaN, not 100). */
export function completionRate(completed: number, due: number): number {
  return due ? Math.round((completed / due) * 1000) / 10 : 0;
}

/**
 * dueIn as SQL text, for statements written out: `alias`'s orders due in [from, to) judged at `now` (each a
 * parameter such as $2). The one rule the compliance figures, coverage and the audit pack place an order by.
 */
export function dueInSql(alias: string, from: string, to: string, now: string): string {
  return `((${alias}.scheduled_at >= ${from} AND ${alias}.scheduled_at < ${to} AND ${alias}.scheduled_at <= ${now})
        OR (${alias}.scheduled_at IS NULL AND ${alias}.created_at >= ${from} AND ${alias}.created_at < ${to}))`;
}

export class ReportsRepository {
  constructor(private readonly db: Database) {}

  /**
   * The sites' state at a glance, by name, in one statement: the last closed order and its current certificate,
   * the next open one (the earliest scheduled; an undated one only when none is), the compliance figures of
   * [from, now) counted as compliance() counts them, open actions and unacknowledged open recommendations.
   * Each part is a lateral subquery on an index by site (sessions_site_id_idx, corrective_actions_site_idx).
   */
  async siteStatus(siteIds: readonly number[], from: Date, now: Date): Promise<SiteStatus[]> {
    if (siteIds.length === 0) return [];
    const ids = sql.join(
      siteIds.map((id) => sql`${id}`),
      sql`, `,
    );
    const start = from.toISOString();
    const end = now.toISOString();
    const result = await this.db.execute(sql`
      select s.id, s.name, s.address, s.time_zone as "timeZone", c.id as "clientId", c.name as "clientName",
        lv.id as "lastVisitId", lv.closed_at as "lastVisitClosedAt", lv.certificate_id as "lastCertificateId",
        nv.id as "nextVisitId", nv.scheduled_at as "nextVisitAt",
        coalesce(cmp.due, 0)::int as "dueOrders", coalesce(cmp.completed, 0)::int as "completedOrders",
        coalesce(act.open, 0)::int as "openActions", coalesce(act.awaiting, 0)::int as "recommendationsAwaiting"
      from sites s
      join clients c on c.id = s.client_id
      left join lateral (
        select o.id, o.closed_at,
          (select k.id from certificates k where k.session_id = o.id and k.replaced_at is null) as certificate_id
        from sessions o where o.site_id = s.id and o.status = 'COMPLETED'
        order by o.closed_at desc nulls last, o.id desc limit 1
      ) lv on true
      left join lateral (
        select o.id, o.scheduled_at from sessions o where o.site_id = s.id and o.status <> 'COMPLETED'
        order by o.scheduled_at asc nulls last, o.id limit 1
      ) nv on true
      left join lateral (
        select count(*) as due,
          count(*) filter (where o.status = 'COMPLETED' and o.completed_count = o.item_count) as completed
        from sessions o
        where o.site_id = s.id and ${sql.raw(dueInSql('o', `'${start}'::timestamptz`, `'${end}'::timestamptz`, `'${end}'::timestamptz`))}
      ) cmp on true
      left join lateral (
        select count(*) as open,
          count(*) filter (where a.responsible = 'CLIENTE' and a.acknowledged_at is null) as awaiting
        from corrective_actions a where a.site_id = s.id and a.status <> 'CERRADA'
      ) act on true
      where s.id in (${ids})
      order by s.name, s.id`);
    return (result as unknown as { rows: SiteStatus[] }).rows;
  }

  /** What a trend shows, counted in the database (trends.repository.ts). */
  trends(
    range: { from: Date; to: Date; siteId: number | undefined },
    interval: TrendInterval,
    by: TrendDimension | undefined,
    timeZone: string,
  ): Promise<TrendRow[]> {
    return countTrends(this.db, range, interval, by, timeZone);
  }

  /** The remote findings a trend shows apart from its inspections (trends.repository.ts). */
  remoteTrends(
    range: { from: Date; to: Date; siteId: number | undefined },
    interval: TrendInterval,
    timeZone: string,
  ): Promise<RemoteTrendRow[]> {
    return countRemoteTrends(this.db, range, interval, timeZone);
  }

  /** The first instant of the period holding `at` (trends.repository.ts). */
  periodStart(at: Date, interval: TrendInterval, timeZone: string): Promise<Date> {
    return periodStart(this.db, at, interval, timeZone);
  }

  /** The limits in force at `at` a trend is read against (trends.repository.ts). */
  trendThresholds(siteId: number | undefined, at: Date, by: TrendDimension | undefined): Promise<TrendThreshold[]> {
    return trendThresholds(this.db, siteId, at, by);
  }

  async site(id: number): Promise<ReportSite | undefined> {
    const [row] = await this.db
      .select({ name: sites.name, client: sites.client, timeZone: sites.timeZone })
      .from(sites)
      .where(eq(sites.id, id));
    return row;
  }

  /** The only site there is, or undefined when there are several: a report of every site names them all. */
  async onlySite(): Promise<ReportSite | undefined> {
    const rows = await this.db
      .select({ name: sites.name, client: sites.client, timeZone: sites.timeZone })
      .from(sites)
      .limit(2);
    return rows.length === 1 ? rows[0] : undefined;
  }

  /**
   * One pass over the period's due orders, reading the per-order counters so no item is visited. A closed
   * order counts as completed when its counters say every trap was done, as forced otherwise: the counters,
   * not the force flag, decide, and they cannot change once the order is closed. Measured on the national
   * plant (100,000 orders): a calendar year's 8,000 orders 2 ms in SQL; every order at once 27–37 ms.
   */
  async compliance(period: ReportPeriod): Promise<ComplianceCounts> {
    const closed = sql`${sessions.status} = 'COMPLETED'`;
    const done = sql`${sessions.completedCount} = ${sessions.itemCount}`;
    const [row] = await this.db
      .select({
        totalSessions: sql<number>`count(*)::int`,
        completedSessions: sql<number>`(count(*) filter (where ${closed} and ${done}))::int`,
        forcedSessions: sql<number>`(count(*) filter (where ${closed} and not ${done}))::int`,
        pendingTraps: sql<number>`coalesce(sum(${sessions.itemCount} - ${sessions.completedCount}) filter (where not ${closed}), 0)::int`,
        overdueSessions: sql<number>`(count(*) filter (where not ${closed} and ${lt(sessions.scheduledAt, period.now)}))::int`,
        dueTraps: sql<number>`coalesce(sum(${sessions.itemCount}), 0)::int`,
        inspectedTraps: sql<number>`coalesce(sum(${sessions.completedCount}), 0)::int`,
      })
      .from(sessions)
      .where(dueIn(period));
    // A plan's visit is made when all its due orders are (a plan by area makes one a technician); a month of the
    // plan whose visits none was made is a gap.
    const planVisits = this.db
      .select({
        plan: sessions.servicePlanId,
        month: sql`date_trunc('month', ${sessions.plannedDate})`.as('month'),
        made: sql<boolean>`bool_and(${closed} and ${done})`.as('made'),
      })
      .from(sessions)
      .where(and(dueIn(period), isNotNull(sessions.servicePlanId)))
      .groupBy(sessions.servicePlanId, sessions.plannedDate)
      .as('plan_visits');
    const planMonths = this.db
      .select({ plan: planVisits.plan })
      .from(planVisits)
      .groupBy(planVisits.plan, planVisits.month)
      .having(sql`not bool_or(${planVisits.made})`)
      .as('plan_months');
    const [gaps] = await this.db.select({ planGaps: sql<number>`count(*)::int` }).from(planMonths);
    // Exceptions have no counter on the order: count the due orders' items recorded as one.
    const [exceptions] = await this.db
      .select({ exceptionTraps: sql<number>`count(*)::int` })
      .from(sessionItems)
      .innerJoin(sessions, eq(sessions.id, sessionItems.sessionId))
      .where(and(dueIn(period), isNotNull(sessionItems.exceptionReason)));
    return { ...row!, planGaps: gaps!.planGaps, exceptionTraps: exceptions!.exceptionTraps };
  }

  /**
   * The period's due orders, newest first, a batch at a time (keyset pagination), so exports never hold them
   * all. The planner walks the primary key backwards for long periods and sorts a short period's few rows.
   */
  async *ordersInBatches(period: ReportPeriod, batchSize = 2000): AsyncGenerator<ExportRow[]> {
    let before: number | undefined;
    for (;;) {
      const rows = await this.db
        .select({
          id: sessions.id,
          site: sites.name,
          technician: technicians.fullName,
          scheduledAt: sessions.scheduledAt,
          createdAt: sessions.createdAt,
          status: sessions.status,
          completedCount: sessions.completedCount,
          itemCount: sessions.itemCount,
          closedAt: sessions.closedAt,
          forceClosed: sessions.forceClosed,
        })
        .from(sessions)
        .innerJoin(technicians, eq(technicians.id, sessions.technicianId))
        .innerJoin(sites, eq(sites.id, sessions.siteId))
        .where(and(dueIn(period), before === undefined ? undefined : lt(sessions.id, before)))
        .orderBy(desc(sessions.id))
        .limit(batchSize);
      if (rows.length > 0) yield rows;
      if (rows.length < batchSize) return;
      before = rows[rows.length - 1]!.id;
    }
  }

  /**
   * Every device of the period's due orders, order by order as ordersInBatches lists them, each order's devices
   * in code order (as its service report), with its current finding. Orders are read in groups of at most
   * ITEMS_PER_BATCH devices, each group through the items' (session, trap) index.
   */
  async *itemsInBatches(period: ReportPeriod): AsyncGenerator<ExportItemRow[]> {
    for await (const orders of this.ordersInBatches(period)) {
      let group: number[] = [];
      let size = 0;
      for (const order of orders) {
        if (group.length > 0 && size + order.itemCount > ITEMS_PER_BATCH) {
          yield await this.itemsOf(group);
          group = [];
          size = 0;
        }
        group.push(order.id);
        size += order.itemCount;
      }
      if (group.length > 0) yield await this.itemsOf(group);
    }
  }

  private async itemsOf(orderIds: number[]): Promise<ExportItemRow[]> {
    const rows = await this.db
      .select({
        sessionId: sessionItems.sessionId,
        site: sites.name,
        code: traps.code,
        type: traps.type,
        area: traps.area,
        status: sessionItems.status,
        completedAt: sessionItems.completedAt,
        technician: technicians.fullName,
        exceptionReason: sessionItems.exceptionReason,
        exceptionDetail: sessionItems.exceptionDetail,
        exceptionNote: sessionItems.exceptionNote,
        manualReason: sessionItems.manualReason,
        manualCode: sessionItems.manualCode,
        // The finding's columns as they are: its API JSON (rondin_finding_json) costs a subquery per device.
        finding: {
          id: findings.id,
          activity: findings.activity,
          derivedActivity: findings.derivedActivity,
          deviceStatus: findings.deviceStatus,
          baitConsumption: findings.baitConsumption,
          baitState: findings.baitState,
          evidence: findings.evidence,
          actions: findings.actions,
          notes: findings.notes,
          isCorrection: findings.isCorrection,
          reason: findings.reason,
        },
      })
      .from(sessionItems)
      .innerJoin(sessions, eq(sessions.id, sessionItems.sessionId))
      .innerJoin(sites, eq(sites.id, sessions.siteId))
      .innerJoin(traps, eq(traps.id, sessionItems.trapId))
      .leftJoin(technicians, eq(technicians.id, sessionItems.completedById))
      .leftJoin(findings, eq(findings.id, sessionItems.findingId))
      .where(inArray(sessionItems.sessionId, orderIds))
      .orderBy(desc(sessionItems.sessionId), asc(traps.code), asc(sessionItems.id));
    const captures = await capturesOf(
      this.db,
      rows.flatMap((row) => (row.finding ? [row.finding.id] : [])),
    );
    return rows.map(
      ({ status, exceptionReason, exceptionDetail, exceptionNote, manualReason, manualCode, finding, ...row }) => ({
        ...row,
        outcome: itemOutcome({ status, exceptionReason, manualReason }),
        manual: itemManual({ manualReason, manualCode }),
        exception: itemException({ exceptionReason, exceptionDetail, exceptionNote }),
        finding:
          finding === null
            ? null
            : {
                ...finding,
                evidence: finding.evidence as FindingContent['evidence'],
                actions: finding.actions as FindingContent['actions'],
                captures: captures.get(finding.id) ?? [],
              },
      }),
    );
  }
}

/**
 * The catches of the given findings, by finding, read in one statement: a subquery per device took three
 * quarters of a batch's time, though nine devices in ten have none.
 */
export async function capturesOf(db: Database, findingIds: number[]): Promise<Map<number, Finding['captures']>> {
  const byFinding = new Map<number, Finding['captures']>();
  if (findingIds.length === 0) return byFinding;
  const rows = await db
    .select({
      findingId: findingCaptures.findingId,
      pestId: findingCaptures.pestId,
      name: pests.name,
      group: pests.group,
      count: findingCaptures.count,
      band: findingCaptures.band,
    })
    .from(findingCaptures)
    .innerJoin(pests, eq(pests.id, findingCaptures.pestId))
    // One array parameter: thousands of separate ones cost more to bind than the read itself.
    .where(sql`${findingCaptures.findingId} = any(${`{${findingIds.join(',')}}`}::bigint[])`)
    .orderBy(findingCaptures.findingId, findingCaptures.pestId);
  for (const { findingId, ...capture } of rows) {
    const list = byFinding.get(findingId) ?? [];
    list.push(capture);
    byFinding.set(findingId, list);
  }
  return byFinding;
}
