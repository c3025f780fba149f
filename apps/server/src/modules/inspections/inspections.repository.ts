import type { Finding, Inspection, InspectionFilter } from '@rondin/contracts';
import { ACTIVITY_LEVELS } from '@rondin/contracts/finding-rules';
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { itemException, itemManual, itemOutcome } from '../../lib/item-outcome.js';
import {
  findingCaptures,
  findings,
  photos,
  sessionItems,
  sessions,
  sites,
  technicians,
  traps,
} from '../../db/schema.js';

/** A timestamp column as the API writes it (ISO 8601 in UTC, milliseconds), so rows need no conversion. */
const isoUtc = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Items whose current finding is one of the (item id, finding id) pairs the query gives: each pair reaches its item
 * through the primary key, where the finding id alone would have to look through every item (no index on
 * session_items.finding_id).
 */
const currentFindingIn = (pairs: SQL) => sql`(${sessionItems.id}, ${sessionItems.findingId}) in (${pairs})`;

/**
 * The site filter said again on the findings, which carry their device's site (a device never changes site): a
 * site's findings are read through findings_site_recorded_idx instead of every site's.
 */
const sameSite = (filter: InspectionFilter) =>
  filter.siteId === undefined ? sql`true` : eq(findings.siteId, filter.siteId);

/** The completed items a filter keeps. Site and type are read through the orders and traps they belong to. */
function matching(filter: InspectionFilter): SQL {
  return and(
    eq(sessionItems.status, 'COMPLETED'),
    filter.siteId !== undefined
      ? inArray(
          sessionItems.sessionId,
          sql`(select ${sessions.id} from ${sessions} where ${sessions.siteId} = ${filter.siteId})`,
        )
      : undefined,
    filter.from ? gte(sessionItems.completedAt, new Date(filter.from)) : undefined,
    filter.to ? lt(sessionItems.completedAt, new Date(filter.to)) : undefined,
    filter.type
      ? inArray(sessionItems.trapId, sql`(select ${traps.id} from ${traps} where ${traps.type} = ${filter.type})`)
      : undefined,
    filter.technicianId !== undefined ? eq(sessionItems.completedById, filter.technicianId) : undefined,
    // Only a read QR is SCANNED: a printed code typed (MANUAL) is inspected without proof of presence.
    filter.outcome === 'SCANNED'
      ? and(isNull(sessionItems.exceptionReason), isNull(sessionItems.manualReason))
      : undefined,
    filter.outcome === 'MANUAL' ? isNotNull(sessionItems.manualReason) : undefined,
    filter.outcome === 'EXCEPTION' ? isNotNull(sessionItems.exceptionReason) : undefined,
    filter.activityMin
      ? currentFindingIn(
          sql`select ${findings.itemId}, ${findings.id} from ${findings}
            where ${inArray(findings.activity, ACTIVITY_LEVELS.slice(ACTIVITY_LEVELS.indexOf(filter.activityMin)))}
            and ${sameSite(filter)}`,
        )
      : undefined,
    // A pest "caught" is at least one of it: a capture of 0 (or the band "0") says it was looked for, not found.
    filter.pestId !== undefined
      ? currentFindingIn(
          sql`select ${findings.itemId}, ${findings.id} from ${findingCaptures}
            join ${findings} on ${findings.id} = ${findingCaptures.findingId}
            where ${findingCaptures.pestId} = ${filter.pestId}
            and (${findingCaptures.count} > 0 or ${findingCaptures.band} <> '0') and ${sameSite(filter)}`,
        )
      : undefined,
  )!;
}

/** Only the site (or nothing) narrows the list: the orders' own counters say how many items are completed. */
const countedByOrders = (filter: InspectionFilter) =>
  Object.entries(filter).every(([key, value]) => value === undefined || ['siteId', 'page', 'pageSize'].includes(key));

/** One inspection as an export writes it: the list's row, with its day and time in the site's zone. */
export interface ExportedInspection extends Inspection {
  day: string;
  time: string;
  /** completed_at to the microsecond: where the next batch starts. */
  completedAt: string;
}

/** Where an export's batch ended: the next one starts after this item, in the list's order. */
export interface InspectionCursor {
  completedAt: string;
  itemId: number;
}

/** The inspected devices, newest first. The finding's JSON is the one the orders answer (rondin_finding_json). */
export class InspectionsRepository {
  constructor(
    private readonly db: Database,
    /** The server's zone (TIME_ZONE), for sites without their own. */
    private readonly timeZone: string,
  ) {}

  async page(
    filter: InspectionFilter,
    window: { pageSize: number; offset: number },
  ): Promise<{ rows: Inspection[]; total: number }> {
    const where = matching(filter);
    const [rows, total] = await Promise.all([
      this.rowsOf(where, window.pageSize, window.offset),
      this.count(filter, where),
    ]);
    return { rows: rows.map(({ day: _day, time: _time, completedAt: _at, ...row }) => row), total };
  }

  /**
   * The next `size` inspections the filter keeps after `after`, in the list's order (newest first), for an
   * export: keyset over (completed_at, id), so each batch reads from where the last ended whatever the length.
   */
  batch(filter: InspectionFilter, size: number, after: InspectionCursor | null): Promise<ExportedInspection[]> {
    const where = and(
      matching(filter),
      after
        ? sql`(${sessionItems.completedAt}, ${sessionItems.id}) < (${after.completedAt}::timestamptz, ${after.itemId}::int)`
        : undefined,
    )!;
    return this.rowsOf(where, size, 0);
  }

  /**
   * The items `where` keeps, a window of them in the list's order. Their ids are chosen first, reading no more
   * than the filter needs; only those are then joined with their order, site, device, technician, finding and
   * photos.
   */
  private async rowsOf(where: SQL, limit: number, offset: number): Promise<ExportedInspection[]> {
    const page = this.db
      .select({ id: sessionItems.id })
      .from(sessionItems)
      .where(where)
      .orderBy(desc(sessionItems.completedAt), desc(sessionItems.id))
      .limit(limit)
      .offset(offset)
      .as('page');
    const zone = sql`coalesce(${sites.timeZone}, ${this.timeZone})`;
    const rows = await this.db
      .select({
        itemId: sessionItems.id,
        sessionId: sessionItems.sessionId,
        inspectedAt: isoUtc(sessionItems.completedAt),
        // The exact instant, to the microsecond, where an export's next batch starts.
        completedAt: sql<string>`${sessionItems.completedAt}::text`,
        day: sql<string>`to_char(${sessionItems.completedAt} at time zone ${zone}, 'YYYY-MM-DD')`,
        time: sql<string>`to_char(${sessionItems.completedAt} at time zone ${zone}, 'HH24:MI')`,
        site: { id: sites.id, name: sites.name },
        trap: { id: traps.id, code: traps.code, type: traps.type, zone: traps.zone, area: traps.area },
        inspectedById: technicians.id,
        inspectedByName: technicians.fullName,
        exceptionReason: sessionItems.exceptionReason,
        exceptionDetail: sessionItems.exceptionDetail,
        exceptionNote: sessionItems.exceptionNote,
        manualReason: sessionItems.manualReason,
        manualCode: sessionItems.manualCode,
        finding: sql<Finding | null>`(select x.finding from rondin_finding_json x where x.id = ${sessionItems.findingId})`,
        photoIds: sql<number[]>`(select coalesce(array_agg(${photos.id} order by ${photos.id}), '{}')
          from ${photos} where ${photos.itemId} = ${sessionItems.id})`,
      })
      .from(page)
      .innerJoin(sessionItems, eq(sessionItems.id, page.id))
      .innerJoin(sessions, eq(sessions.id, sessionItems.sessionId))
      .innerJoin(sites, eq(sites.id, sessions.siteId))
      .innerJoin(traps, eq(traps.id, sessionItems.trapId))
      .leftJoin(technicians, eq(technicians.id, sessionItems.completedById))
      .orderBy(desc(sessionItems.completedAt), desc(sessionItems.id));
    return rows.map(
      ({
        inspectedById,
        inspectedByName,
        exceptionReason,
        exceptionDetail,
        exceptionNote,
        manualReason,
        manualCode,
        ...row
      }) => ({
        ...row,
        inspectedBy:
          inspectedById === null || inspectedByName === null ? null : { id: inspectedById, fullName: inspectedByName },
        // The window holds completed items only.
        outcome: itemOutcome({ status: 'COMPLETED', exceptionReason, manualReason })!,
        manual: itemManual({ manualReason, manualCode }),
        exception: itemException({ exceptionReason, exceptionDetail, exceptionNote }),
      }),
    );
  }

  private async count(filter: InspectionFilter, where: SQL): Promise<number> {
    if (countedByOrders(filter)) {
      const [row] = await this.db
        .select({ total: sql<number>`coalesce(sum(${sessions.completedCount}), 0)::int` })
        .from(sessions)
        .where(filter.siteId === undefined ? undefined : eq(sessions.siteId, filter.siteId));
      return row!.total;
    }
    const [row] = await this.db.select({ total: sql<number>`count(*)::int` }).from(sessionItems).where(where);
    return row!.total;
  }
}
