import type { TrendDimension, TrendPoint, TrendsReport } from '@rondin/contracts';
import { PEST_GROUP_NAMES, TRAP_TYPE_NAMES, ZONE_NAMES } from '@rondin/contracts/devices';

/** What the chart and its table show of each period and series. */
export type TrendMetric = 'activity' | 'captures';

export const METRIC_LABELS: Record<TrendMetric, string> = {
  activity: 'Dispositivos con actividad (%)',
  captures: 'Capturas por dispositivo-semana',
};

/** Series drawn at most; the table lists every one. */
export const MAX_CHART_SERIES = 6;

export interface TrendSeries {
  key: string;
  label: string;
  /** One value per period of the chart, in order; null where the series had no inspection. */
  values: (number | null)[];
}

export interface TrendTable {
  periods: string[];
  series: TrendSeries[];
}

/** A series' name as the office reads it. */
export function seriesLabel(by: TrendDimension | null, key: string | null): string {
  if (by === null || key === null) return 'Todos los dispositivos';
  if (by === 'area') return key || 'Sin área';
  if (by === 'zone') return key ? (ZONE_NAMES[key as keyof typeof ZONE_NAMES] ?? key) : 'Sin zona';
  if (by === 'type') return TRAP_TYPE_NAMES[key as keyof typeof TRAP_TYPE_NAMES] ?? key;
  return PEST_GROUP_NAMES[key as keyof typeof PEST_GROUP_NAMES] ?? key;
}

const metricValue = (point: TrendPoint, metric: TrendMetric): number =>
  metric === 'captures'
    ? point.capturesPerDeviceWeek
    : point.inspectedDevices
      ? Math.round((point.devicesWithActivity / point.inspectedDevices) * 1000) / 10
      : 0;

/** The report as periods × series of one metric, the series with the most first. */
export function trendTable(report: TrendsReport, metric: TrendMetric): TrendTable {
  const periods = [...new Set(report.points.map((point) => point.period))].sort();
  const byKey = new Map<string, TrendSeries>();
  for (const point of report.points) {
    const key = point.key ?? '';
    const series = byKey.get(key) ?? {
      key,
      label: seriesLabel(report.by, point.key),
      values: periods.map(() => null),
    };
    byKey.set(key, series);
    series.values[periods.indexOf(point.period)] = metricValue(point, metric);
  }
  const total = (series: TrendSeries) => series.values.reduce<number>((sum, value) => sum + (value ?? 0), 0);
  const series = [...byKey.values()].sort((a, b) => total(b) - total(a) || a.label.localeCompare(b.label, 'es'));
  return { periods, series };
}

const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'];

/** A period's first day as its column reads: "sept 2026", "T3 2026", "2026" or "sem. 7 sept". */
export function periodLabel(period: string, interval: TrendsReport['interval']): string {
  const [year, month, day] = period.split('-').map(Number) as [number, number, number];
  if (interval === 'year') return String(year);
  if (interval === 'quarter') return `T${Math.floor((month - 1) / 3) + 1} ${year}`;
  if (interval === 'month') return `${MONTHS[month - 1]} ${year}`;
  return `sem. ${day} ${MONTHS[month - 1]}`;
}
