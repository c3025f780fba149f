import type { CoverageInterval, CoverageState, ExceptionReason, TrapType, Zone } from '@rondin/contracts';
import { queryRows, type Database } from '../../db/database.js';
import { dueInSql } from './reports.repository.js';

/** What a coverage report reads: one site, the half-open period [from, to) and the instant orders are due by. */
export interface CoverageRange {
  siteId: number;
  from: Date;
  to: Date;
  now: Date;
  interval: CoverageInterval;
  timeZone: string;
}

export interface CoverageDeviceRow {
  trapId: number;
  code: string;
  area: string | null;
  zone: Zone | null;
  type: TrapType;
  isActive: boolean;
}

/** One device in one period in which at least one due order held it. */
export interface CoverageCellRow {
  trapId: number;
  period: string;
  state: Exclude<CoverageState, 'NOT_DUE'>;
  due: number;
  inspected: number;
  exception: number;
  /** The period's due orders that held it and did not see it scanned, oldest first. */
  unscannedSessionIds: number[];
  exceptionReasons: ExceptionReason[];
  forced: boolean;
}

/**
 * The site's devices in the period's due orders, one row per order and device, with the order's period in the
 * site's zone. Due by compliance's rule (reports.repository dueIn): scheduled within [from, to) and at or before
 * now, or undated and created within [from, to). An item of a closed order still PENDING was left by a forced
 * close. Parameters: $1 site, $2 from, $3 to, $4 now, $5 interval, $6 zone.
 */
const DUE_VISITS = `
  WITH visits AS (
    SELECT i.trap_id, s.id AS session_id,
           to_char(date_trunc($5, coalesce(s.scheduled_at, s.created_at) AT TIME ZONE $6), 'YYYY-MM-DD') AS period,
           -- Inspected: its QR read, or its printed code typed (MANUAL, inspected without proof of presence).
           i.status = 'COMPLETED' AND i.exception_reason IS NULL AS scanned,
           i.exception_reason,
           s.status = 'COMPLETED' AND i.status = 'PENDING' AS forced
    FROM sessions s
    JOIN session_items i ON i.session_id = s.id
    WHERE s.site_id = $1 AND ${dueInSql('s', '$2', '$3', '$4')}
  )`;

/** A device's changes of `isActive` in the change log (modules/audit-log), `alias` the trap. */
const activeChanges = (alias: string) =>
  `FROM audit_log l WHERE l.entity = 'trap' AND l.entity_id = ${alias}.id AND l.action = 'update' AND l.after ? 'isActive'`;

/**
 * Whether the trap `alias` was in service at some instant of [from, to), from its history rather than today's
 * state: registered before `to`, and active at `from` (the state its last change before `from` left, else the
 * one before its first change, else today's) or made active within the period.
 */
export function inServiceSql(alias: string, from: string, to: string): string {
  return `(${alias}.created_at < ${to} AND (
    coalesce((SELECT (l.after ->> 'isActive')::boolean ${activeChanges(alias)} AND l.at < ${from} ORDER BY l.id DESC LIMIT 1),
             (SELECT NOT (l.after ->> 'isActive')::boolean ${activeChanges(alias)} ORDER BY l.id LIMIT 1),
             ${alias}.is_active)
    OR EXISTS (SELECT 1 ${activeChanges(alias)} AND l.at >= ${from} AND l.at < ${to} AND (l.after ->> 'isActive')::boolean)))`;
}

export class CoverageRepository {
  constructor(private readonly db: Database) {}

  private params(range: CoverageRange): unknown[] {
    return [range.siteId, range.from, range.to, range.now, range.interval, range.timeZone];
  }

  /**
   * The periods [from, to) touches, each as its first day in the zone (date_trunc: a week starts on Monday),
   * so a device's periods without any due order show up as well as those with one.
   */
  async periods(range: CoverageRange): Promise<string[]> {
    const rows = await queryRows<{ period: string }>(
      this.db,
      `SELECT to_char(p, 'YYYY-MM-DD') AS period
       FROM generate_series(date_trunc($1, $2::timestamptz AT TIME ZONE $4),
                            ($3::timestamptz - interval '1 microsecond') AT TIME ZONE $4,
                            ('1 ' || $1)::interval) AS p
       ORDER BY p`,
      [range.interval, range.from, range.to, range.timeZone],
    );
    return rows.map((row) => row.period);
  }

  /**
   * The site's devices in service at some time of the period (by their history: registered before its end,
   * active then), and any other a due order of the period held, in code order.
   */
  async devices(range: CoverageRange): Promise<CoverageDeviceRow[]> {
    return queryRows<CoverageDeviceRow>(
      this.db,
      `${DUE_VISITS}
       SELECT t.id AS "trapId", t.code, t.area, t.zone, t.type, t.is_active AS "isActive"
       FROM traps t
       WHERE t.site_id = $1 AND (${inServiceSql('t', '$2', '$3')} OR t.id IN (SELECT trap_id FROM visits))
       ORDER BY lower(t.code) COLLATE "C", t.id`,
      this.params(range),
    );
  }

  /**
   * Per device and period with a due order: the visits, those scanned and those recorded as an exception, and
   * the state they make (inspected once is enough; an exception never counts as inspected).
   */
  async cells(range: CoverageRange): Promise<CoverageCellRow[]> {
    return queryRows<CoverageCellRow>(
      this.db,
      `${DUE_VISITS}
       SELECT trap_id AS "trapId", period,
              CASE WHEN bool_or(scanned) THEN 'INSPECTED'
                   WHEN bool_or(exception_reason IS NOT NULL) THEN 'EXCEPTION'
                   ELSE 'MISSED' END AS state,
              count(*)::int AS due,
              (count(*) FILTER (WHERE scanned))::int AS inspected,
              (count(*) FILTER (WHERE exception_reason IS NOT NULL))::int AS exception,
              coalesce(array_agg(session_id ORDER BY session_id) FILTER (WHERE NOT scanned), '{}') AS "unscannedSessionIds",
              coalesce(array_agg(DISTINCT exception_reason) FILTER (WHERE exception_reason IS NOT NULL), '{}')
                AS "exceptionReasons",
              bool_or(forced) AS forced
       FROM visits
       GROUP BY trap_id, period`,
      this.params(range),
    );
  }
}
