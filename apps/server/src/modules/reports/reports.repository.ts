import type { Finding, ItemException, ItemOutcome, TrendDimension, TrendInterval, TrapType } from '@rondin/contracts';
import type { FindingContent } from '@rondin/contracts/finding-text';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/database.js';
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
function dueIn({ from, to, now, siteId }: ReportPeriod): SQL {
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

/** One period and series of a trend as the database counts it (see ReportsRepository.trends). */
export interface TrendRow {
  period: string;
  key: string | null;
  inspected: number;
  withActivity: number;
  meanBait: number | null;
}

/** The catches of one period and series, by pest group. */
export interface TrendCaptureRow {
  period: string;
  key: string | null;
  group: string;
  caught: number;
}

/** The series key of a dimension, over the current findings `cur` (a pest group's series is split later). */
const TREND_KEY: Record<TrendDimension | 'none', string> = {
  area: "coalesce(cur.area, '')",
  zone: "coalesce(cur.zone, '')",
  type: 'cur.trap_type',
  pestGroup: 'NULL::text',
  none: 'NULL::text',
};

/**
 * The current version of every finding recorded in [$1, $2) (of site $3 when given), with its device's area and
 * zone and its period's first day in zone $5 (date_trunc by $4: a week starts on Monday).
 */
const CURRENT_FINDINGS = `
  WITH cur AS (
    SELECT f.id, f.trap_id, f.trap_type, f.activity, f.bait_consumption, t.area, t.zone,
           to_char(date_trunc($4, f.recorded_at AT TIME ZONE $5), 'YYYY-MM-DD') AS period
    FROM findings f
    JOIN session_items i ON i.id = f.item_id AND i.finding_id = f.id
    JOIN traps t ON t.id = f.trap_id
    WHERE f.recorded_at >= $1 AND f.recorded_at < $2 AND ($3::integer IS NULL OR f.site_id = $3)
  )`;

export class ReportsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Per period and series: devices with a current finding, those with activity, the mean bait eaten (bait
   * stations), and separately the catches by pest group (a band counts as its least). Two statements over
   * the findings' (site, recorded_at) index; counting is the database's.
   */
  async trends(
    range: { from: Date; to: Date; siteId: number | undefined },
    interval: TrendInterval,
    by: TrendDimension | undefined,
    timeZone: string,
  ): Promise<{ rows: TrendRow[]; captures: TrendCaptureRow[] }> {
    const key = TREND_KEY[by ?? 'none'];
    const params = [range.from, range.to, range.siteId ?? null, interval, timeZone];
    const [rows, captures] = [
      await queryRows<TrendRow>(
        this.db,
        `${CURRENT_FINDINGS}
         SELECT cur.period, ${key} AS key,
                count(DISTINCT cur.trap_id)::int AS inspected,
                (count(DISTINCT cur.trap_id) FILTER (WHERE cur.activity <> 'NINGUNA'))::int AS "withActivity",
                (avg(cur.bait_consumption) FILTER (WHERE cur.trap_type = 'CEBADERO'))::float8 AS "meanBait"
         FROM cur GROUP BY 1, 2 ORDER BY 1, 2`,
        params,
      ),
      await queryRows<TrendCaptureRow>(
        this.db,
        `${CURRENT_FINDINGS}
         SELECT cur.period, ${key} AS key, p."group",
                sum(coalesce(c.count, CASE c.band WHEN '0' THEN 0 WHEN '1-10' THEN 1 WHEN '11-50' THEN 11 ELSE 51 END))::int
                  AS caught
         FROM cur JOIN finding_captures c ON c.finding_id = cur.id JOIN pests p ON p.id = c.pest_id
         GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
        params,
      ),
    ];
    return { rows, captures };
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
    // The plan's due orders of each month: a month whose none was completed is a gap.
    const planMonths = this.db
      .select({ plan: sessions.servicePlanId })
      .from(sessions)
      .where(and(dueIn(period), isNotNull(sessions.servicePlanId)))
      .groupBy(sessions.servicePlanId, sql`date_trunc('month', ${sessions.plannedDate})`)
      .having(sql`not bool_or(${closed} and ${done})`)
      .as('plan_months');
    const [gaps] = await this.db.select({ planGaps: sql<number>`count(*)::int` }).from(planMonths);
    return { ...row!, planGaps: gaps!.planGaps };
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
        exceptionNote: sessionItems.exceptionNote,
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
    const captures = await this.capturesOf(rows.flatMap((row) => (row.finding ? [row.finding.id] : [])));
    return rows.map(({ status, exceptionReason, exceptionNote, finding, ...row }) => ({
      ...row,
      outcome: status !== 'COMPLETED' ? null : exceptionReason === null ? 'SCANNED' : 'EXCEPTION',
      exception: exceptionReason === null ? null : { reason: exceptionReason, note: exceptionNote ?? '' },
      finding:
        finding === null
          ? null
          : {
              ...finding,
              evidence: finding.evidence as FindingContent['evidence'],
              actions: finding.actions as FindingContent['actions'],
              captures: captures.get(finding.id) ?? [],
            },
    }));
  }

  /**
   * The catches of the given findings, by finding, read in one statement: a subquery per device took three
   * quarters of a batch's time, though nine devices in ten have none.
   */
  private async capturesOf(findingIds: number[]): Promise<Map<number, Finding['captures']>> {
    const byFinding = new Map<number, Finding['captures']>();
    if (findingIds.length === 0) return byFinding;
    const rows = await this.db
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
}
