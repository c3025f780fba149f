import { PEST_GROUPS, type TrendDimension, type TrendInterval, type TrendThreshold } from '@rondin/contracts';
import { queryRows, type Database } from '../../db/database.js';

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

/**
 * Per period and series: devices with a current finding, those with activity, the mean bait eaten (bait
 * stations), and the catches by pest group, in one statement over trend_inspections (one row an inspection:
 * its item's current finding with its catches already summed by group, kept by the triggers of migration 0025),
 * a site's year one range of its (site, recorded_at) index. A period starts on its first day in zone $4
 * (date_trunc by $3: a week starts on Monday); the device's area and zone are today's (traps). Each device's
 * inspections of a period are folded into one row, and only then are the devices counted: no count(DISTINCT)
 * sorts them. Before the summary the statement picked the current versions and summed the catches itself:
 * 4–6 s a site's year on a loaded machine (BENCHMARKS.md "Trends").
 */
export async function countTrends(
  db: Database,
  range: { from: Date; to: Date; siteId: number | undefined },
  interval: TrendInterval,
  by: TrendDimension | undefined,
  timeZone: string,
): Promise<TrendRow[]> {
  const key = TREND_KEY[by ?? 'none'];
  const groups = PEST_GROUPS.map((_, index) => `g${index}`);
  const traps = by === 'area' || by === 'zone' ? 'JOIN traps t ON t.id = s.trap_id' : '';
  // Apart, so a site's plan is the index range whatever the first values were (a generic plan of
  // "$5 IS NULL OR s.site_id = $5" reads every site).
  const site = range.siteId === undefined ? '' : 'AND s.site_id = $5';
  const rows = await queryRows<CountedRow>(
    db,
    `WITH device AS (
       SELECT date_trunc($3, s.recorded_at AT TIME ZONE $4) AS period, ${key} AS key, s.trap_id,
              bool_or(s.active) AS active, sum(s.bait_consumption) AS bait_sum, count(s.bait_consumption) AS baits,
              ${GROUP_COLUMNS.map((column, index) => `sum(s.${column}) AS g${index}`).join(', ')}
       FROM trend_inspections s ${traps}
       WHERE s.recorded_at >= $1 AND s.recorded_at < $2 ${site}
       GROUP BY 1, 2, 3
     )
     SELECT to_char(period, 'YYYY-MM-DD') AS period, key, count(*)::int AS inspected,
            (count(*) FILTER (WHERE active))::int AS "withActivity",
            (sum(bait_sum)::float8 / nullif(sum(baits), 0)) AS "meanBait",
            ${groups.map((g) => `sum(${g})::int AS ${g}`).join(', ')}
     FROM device GROUP BY period, key ORDER BY period, key`,
    [range.from, range.to, interval, timeZone, ...(range.siteId === undefined ? [] : [range.siteId])],
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
