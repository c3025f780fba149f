import { PEST_GROUPS, type TrendDimension, type TrendInterval, type TrendThreshold } from '@rondin/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Transaction } from '../../db/database.js';

/** One period and series of a trend as the database counts it, with its catches by pest group. */
export interface TrendRow {
  period: string;
  key: string | null;
  inspected: number;
  withActivity: number;
  meanBait: number | null;
  /** Pests caught by group (a band counts as its least). */
  captures: Record<string, number>;
}

/** The series key of a dimension (a pest group's series are split later, from the catches). */
const TREND_KEY: Record<TrendDimension | 'none', string> = {
  area: "coalesce(t.area, '')",
  zone: "coalesce(t.zone, '')",
  type: 's.trap_type',
  pestGroup: "''",
  none: "''",
};

/** trend_inspections' column of each pest group's catches (ROEDORES → roedores). */
const GROUP_COLUMNS = PEST_GROUPS.map((group) => group.toLowerCase());

/** A row as the statement returns it: the catches of group PEST_GROUPS[n] in column gn, null without any. */
interface CountedRow extends Omit<TrendRow, 'key' | 'captures'> {
  key: string;
  [group: `g${number}`]: number | null;
}

/** The series trend_periods keeps of each dimension (a pest group's are split from the undivided one). */
const DIMENSION: Record<TrendDimension | 'none', string> = {
  area: 'area',
  zone: 'zone',
  type: 'type',
  pestGroup: '',
  none: '',
};

/**
 * Which periods of [from, to) a trend reads whole from trend_periods: `wholeFrom` to `wholeTo` (local days, the
 * first days of periods in `zone`; none when wholeFrom >= wholeTo). A first or last period only partly inside is
 * whole too when no inspection of it lies outside, as the year up to now's last period (and its first, when it
 * starts on one); else it is counted from trend_inspections, between the bound and the period's edge. Without a
 * site, the sites counted in trend_periods in another zone (or not yet in any) are all read from
 * trend_inspections: `live`.
 */
interface Span {
  wholeFrom: string;
  wholeTo: string;
  /** The same bounds as instants. */
  wholeFromAt: Date;
  wholeToAt: Date;
  live: number[];
}

async function wholePeriods(
  db: Database,
  range: { from: Date; to: Date; siteId: number | undefined },
  interval: TrendInterval,
  timeZone: string,
): Promise<Span> {
  const site = range.siteId === undefined ? '' : 'AND s.site_id = $5';
  const [span] = await queryRows<Span>(
    db,
    `WITH edge AS (
       SELECT date_trunc($3::text, $1::timestamptz AT TIME ZONE $4::text) AS first_start,
              date_trunc($3::text, $2::timestamptz AT TIME ZONE $4::text) AS last_start,
              rondin_trend_step($3::text) AS step
     ),
     whole AS (
       SELECT CASE WHEN EXISTS (SELECT 1 FROM trend_inspections s
                                WHERE s.recorded_at >= first_start AT TIME ZONE $4 AND s.recorded_at < $1 ${site})
                   THEN first_start + step ELSE first_start END AS whole_from,
              CASE WHEN EXISTS (SELECT 1 FROM trend_inspections s
                                WHERE s.recorded_at >= $2 AND s.recorded_at < (last_start + step) AT TIME ZONE $4 ${site})
                   THEN last_start ELSE last_start + step END AS whole_to
       FROM edge
     )
     SELECT to_char(whole_from, 'YYYY-MM-DD') AS "wholeFrom", to_char(whole_to, 'YYYY-MM-DD') AS "wholeTo",
            whole_from AT TIME ZONE $4 AS "wholeFromAt", whole_to AT TIME ZONE $4 AS "wholeToAt",
            coalesce((SELECT array_agg(id ORDER BY id) FROM sites
                      WHERE rondin_trend_zone(id) IS DISTINCT FROM $4 ${range.siteId === undefined ? '' : 'AND id = $5'}),
                     '{}') AS live
     FROM whole`,
    [range.from, range.to, interval, timeZone, ...(range.siteId === undefined ? [] : [range.siteId])],
  );
  return span!;
}

/** The first instant of the period of `interval` holding `at`, in `timeZone` (a week from Monday). */
export async function periodStart(db: Database, at: Date, interval: TrendInterval, timeZone: string): Promise<Date> {
  const [row] = await queryRows<{ start: Date }>(
    db,
    'SELECT date_trunc($2::text, $1::timestamptz AT TIME ZONE $3::text) AT TIME ZONE $3::text AS start',
    [at, interval, timeZone],
  );
  return row!.start;
}

/**
 * Says the server's zone (TIME_ZONE) to the database as the server starts: trend_periods counts the sites without
 * a zone of their own in it, and counts them again when it changed (rondin_trend_server_zone): whether it did.
 */
export async function useServerZone(db: Database, timeZone: string): Promise<boolean> {
  const [row] = await queryRows<{ changed: boolean }>(db, 'SELECT rondin_trend_server_zone($1) AS changed', [timeZone]);
  return row!.changed;
}

/**
 * Runs a bulk load of findings (the demonstration's year) with trend_periods counted once at its end from
 * trend_inspections, instead of one inspection at a time by the trigger trend_inspections_periods: off meanwhile,
 * for every writer of the database, and on again however the load ends.
 */
export async function countTrendPeriodsAfter<T>(db: Database, load: () => Promise<T>): Promise<T> {
  await queryRows(db, 'ALTER TABLE trend_inspections DISABLE TRIGGER trend_inspections_periods', []);
  try {
    return await load();
  } finally {
    await queryRows(db, 'ALTER TABLE trend_inspections ENABLE TRIGGER trend_inspections_periods', []);
    await queryRows(db, 'SELECT rondin_trend_periods_rebuild(NULL)', []);
  }
}

/**
 * Writes trend_inspections' rows of every item with a current finding, from the view trend_inspection_source: the
 * statement migration 0025 ended with to fill it from the findings already recorded, and what a bulk load runs
 * once its findings are in, with the row-by-row triggers session_items_trend* off meanwhile (the restore of a
 * backup, src/db/backup.ts). The items' rows must not be there yet.
 */
export async function fillTrendInspections(db: Database | Transaction): Promise<void> {
  await db.execute(sql`INSERT INTO trend_inspections SELECT * FROM trend_inspection_source`);
}

/**
 * Per period and series: devices with a current finding, those with activity, the mean bait eaten (bait
 * stations), and the catches by pest group. Whole periods are read from trend_periods, counted as the findings
 * are written (migration 0027): a site's year is some tens of rows, every site's some thousands. What lies
 * outside them (a partial first or last period, a site counted in another zone) is counted here from
 * trend_inspections (one row an inspection, its catches summed by group; migration 0025): each device's
 * inspections of a period folded into one row, then the devices counted. A period starts on its first day in
 * zone $4 (date_trunc by $3: a week starts on Monday); the device's area and zone are today's (traps). Counting
 * everything from trend_inspections took 0.3–0.8 s a site's year and 6–10 s every site's (BENCHMARKS.md "Trends").
 */
export async function countTrends(
  db: Database,
  range: { from: Date; to: Date; siteId: number | undefined },
  interval: TrendInterval,
  by: TrendDimension | undefined,
  timeZone: string,
): Promise<TrendRow[]> {
  const span = await wholePeriods(db, range, interval, timeZone);
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const site = range.siteId;
  // Whole periods, from trend_periods: of the site, or of every site counted there in this zone.
  const whole = span.wholeFrom < span.wholeTo && !(site !== undefined && span.live.length > 0);
  const rolled = whole
    ? `SELECT period, key, inspected, with_activity, bait_sum, baits,
              ${GROUP_COLUMNS.map((column, index) => `${column} AS g${index}, ${column}_recorded AS n${index}`).join(', ')}
       FROM trend_periods
       WHERE interval = ${param(interval)} AND dimension = ${param(DIMENSION[by ?? 'none'])}
         AND period >= ${param(span.wholeFrom)}::date AND period < ${param(span.wholeTo)}::date
         AND ${site === undefined ? `NOT site_id = ANY(${param(span.live)})` : `site_id = ${param(site)}`}`
    : null;
  // The rest, from trend_inspections: each range its own index range (a generic "site_id = $n OR …" plan would
  // read every site). Around the whole periods, or all of [from, to); without a site, every period of the sites
  // not counted in trend_periods in this zone.
  const ranges: string[] = [];
  const within = (from: Date, to: Date, sites: () => string) => {
    if (from.getTime() < to.getTime()) {
      ranges.push(`(s.recorded_at >= ${param(from)} AND s.recorded_at < ${param(to)} AND ${sites()})`);
    }
  };
  // The site's, or every site's counted in trend_periods in this zone: around its whole periods, if any.
  const counted = () =>
    site === undefined ? `NOT s.site_id = ANY(${param(span.live)})` : `s.site_id = ${param(site)}`;
  if (whole) {
    within(range.from, span.wholeFromAt, counted);
    within(span.wholeToAt, range.to, counted);
  } else within(range.from, range.to, counted);
  if (site === undefined && span.live.length > 0) {
    within(range.from, range.to, () => `s.site_id = ANY(${param(span.live)})`);
  }
  const key = TREND_KEY[by ?? 'none'];
  const traps = by === 'area' || by === 'zone' ? 'JOIN traps t ON t.id = s.trap_id' : '';
  const live = ranges.length
    ? `SELECT period::date AS period, key, count(*) AS inspected, count(*) FILTER (WHERE active) AS with_activity,
              sum(bait_sum) AS bait_sum, sum(baits) AS baits,
              ${GROUP_COLUMNS.map((_, index) => `sum(g${index}) AS g${index}, sum(n${index}) AS n${index}`).join(', ')}
       FROM (
         SELECT date_trunc(${param(interval)}, s.recorded_at AT TIME ZONE ${param(timeZone)}) AS period, ${key} AS key,
                s.trap_id, bool_or(s.active) AS active, sum(s.bait_consumption) AS bait_sum,
                count(s.bait_consumption) AS baits,
                ${GROUP_COLUMNS.map((column, index) => `sum(s.${column}) AS g${index}, count(s.${column}) AS n${index}`).join(', ')}
         FROM trend_inspections s ${traps}
         WHERE ${ranges.join(' OR ')}
         GROUP BY 1, 2, 3
       ) device
       GROUP BY 1, 2`
    : null;
  const parts = [rolled, live].filter((part) => part !== null);
  if (parts.length === 0) return [];
  const rows = await queryRows<CountedRow>(
    db,
    `SELECT to_char(period, 'YYYY-MM-DD') AS period, key, sum(inspected)::int AS inspected,
            sum(with_activity)::int AS "withActivity", (sum(bait_sum)::float8 / nullif(sum(baits), 0)) AS "meanBait",
            ${GROUP_COLUMNS.map((_, index) => `(CASE WHEN sum(n${index}) > 0 THEN sum(g${index}) END)::int AS g${index}`).join(', ')}
     FROM (${parts.join(' UNION ALL ')}) counted
     GROUP BY period, key HAVING sum(inspected) > 0 ORDER BY period, key`,
    params,
  );
  const split = by !== undefined && by !== 'pestGroup';
  return rows.map((row) => {
    const captures: Record<string, number> = {};
    PEST_GROUPS.forEach((group, index) => {
      const count = row[`g${index}`];
      if (count !== null && count !== undefined) captures[group] = count;
    });
    return {
      period: row.period,
      key: split ? row.key : null,
      inspected: row.inspected,
      withActivity: row.withActivity,
      meanBait: row.meanBait,
      captures,
    };
  });
}

/**
 * The thresholds engine's rule for the limits in force at an instant, as the start of a statement: `in_force` holds
 * the thresholds valid at `at` (a placeholder such as '$2') for the site `site` (a placeholder; null: none), a
 * site's own threshold taking the place of the global one with the same type, zone, risk level, metric, pest
 * group and level; `where` narrows the candidates (metrics compare like with like, so it changes no choice).
 * The trends and the audit pack read their limits through it, as the engine judges a finding.
 */
export function withThresholdsInForce(site: string, at: string, where = 'true'): string {
  return `WITH candidate AS (
       SELECT * FROM thresholds
       WHERE (site_id IS NULL OR site_id = ${site}) AND valid_from <= ${at} AND (valid_to IS NULL OR valid_to > ${at})
         AND ${where}
     ),
     in_force AS (
       SELECT c.* FROM candidate c
       WHERE c.site_id IS NOT NULL OR NOT EXISTS (
         SELECT 1 FROM candidate o
         WHERE o.site_id IS NOT NULL AND o.trap_type = c.trap_type AND o.zone IS NOT DISTINCT FROM c.zone
           AND o.risk_level IS NOT DISTINCT FROM c.risk_level AND o.metric = c.metric
           AND o.pest_group IS NOT DISTINCT FROM c.pest_group AND o.level = c.level
       )
     )`;
}

/**
 * The limits in force at `at` that a trend is read against (withThresholdsInForce): without a site, the global
 * ones. Each is given the series `key` it is drawn over: its type, its zone (a zone's limit also over devices
 * without one, which the engine judges as inside), its pest group; null (every series) where the trend is not
 * split that way or the limit holds for any.
 */
export async function trendThresholds(
  db: Database,
  siteId: number | undefined,
  at: Date,
  by: TrendDimension | undefined,
): Promise<TrendThreshold[]> {
  const rows = await queryRows<Omit<TrendThreshold, 'key'>>(
    db,
    `${withThresholdsInForce('$1', '$2', "metric IN ('CONSUMO_CEBO', 'CAPTURAS_SEMANA')")}
     SELECT c.metric, c.level, c.value, c.pest_group AS "pestGroup", c.trap_type AS "trapType", c.zone,
            c.risk_level AS "riskLevel"
     FROM in_force c
     ORDER BY c.metric, c.level, c.trap_type, c.zone NULLS FIRST, c.risk_level NULLS FIRST, c.pest_group NULLS FIRST`,
    [siteId ?? null, at],
  );
  return rows.flatMap((row): TrendThreshold[] => {
    const line = (key: string | null) => ({ ...row, key });
    if (by === 'type') return [line(row.trapType)];
    if (by === 'pestGroup') return [line(row.pestGroup)];
    if (by === 'zone')
      return row.zone === null
        ? [line(null)]
        : row.zone === 'INTERIOR'
          ? [line('INTERIOR'), line('')]
          : [line(row.zone)];
    return [line(null)];
  });
}

/** One period's remote findings as the database counts them (countRemoteTrends). */
export interface RemoteTrendRow {
  period: string;
  events: number;
  devices: number;
  withActivity: number;
  /** Pests caught by group (a band counts as its least). */
  captures: Record<string, number>;
}

/**
 * Per period of [from, to) in `timeZone`: the remote findings (origin REMOTO, written by POST /api/remote-events,
 * modules/integrations/remote-events), the devices that reported them, those with activity, their catches by
 * pest group. Read from remote_events (indexed by site and time; an event's finding is recorded at its
 * occurredAt) and never from trend_inspections or trend_periods, which count order items: a remote finding is
 * no visit, so it stays out of the inspections' figures.
 */
export async function countRemoteTrends(
  db: Database,
  range: { from: Date; to: Date; siteId: number | undefined },
  interval: TrendInterval,
  timeZone: string,
): Promise<RemoteTrendRow[]> {
  const rows = await queryRows<Omit<RemoteTrendRow, 'captures'> & { [group: `g${number}`]: number | null }>(
    db,
    `SELECT to_char(date_trunc($3::text, f.recorded_at AT TIME ZONE $4::text), 'YYYY-MM-DD') AS period,
            count(DISTINCT f.id)::int AS events, count(DISTINCT f.trap_id)::int AS devices,
            (count(DISTINCT f.trap_id) FILTER (WHERE f.activity <> 'NINGUNA'))::int AS "withActivity",
            ${PEST_GROUPS.map((group, index) => `(sum(k.caught) FILTER (WHERE k."group" = '${group}'))::int AS g${index}`).join(', ')}
     FROM remote_events e
     JOIN findings f ON f.id = e.finding_id AND f.origin = 'REMOTO'
     LEFT JOIN LATERAL (
       SELECT p."group", sum(coalesce(c.count, CASE c.band WHEN '0' THEN 0 WHEN '1-10' THEN 1 WHEN '11-50' THEN 11 ELSE 51 END)) AS caught
       FROM finding_captures c JOIN pests p ON p.id = c.pest_id
       WHERE c.finding_id = f.id
       GROUP BY p."group"
     ) k ON true
     WHERE e.occurred_at >= $1 AND e.occurred_at < $2 AND f.recorded_at >= $1 AND f.recorded_at < $2
       ${range.siteId === undefined ? '' : 'AND e.site_id = $5'}
     GROUP BY 1 ORDER BY 1`,
    [range.from, range.to, interval, timeZone, ...(range.siteId === undefined ? [] : [range.siteId])],
  );
  return rows.map((row) => {
    const captures: Record<string, number> = {};
    PEST_GROUPS.forEach((group, index) => {
      const count = row[`g${index}`];
      if (count !== null && count !== undefined) captures[group] = count;
    });
    return { period: row.period, events: row.events, devices: row.devices, withActivity: row.withActivity, captures };
  });
}
