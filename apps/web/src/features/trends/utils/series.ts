import type {
  ThresholdLevel,
  TrendDimension,
  TrendPoint,
  TrendRemotePoint,
  TrendsReport,
  TrendThresholdMetric,
} from '@rondin/contracts';
import { PEST_GROUP_NAMES, TRAP_TYPE_NAMES, ZONE_NAMES } from '@rondin/contracts/devices';

/** What the chart and its table show of each period and series. */
export type TrendMetric = 'activity' | 'captures' | 'bait';

export const METRIC_LABELS: Record<TrendMetric, string> = {
  activity: 'Dispositivos con actividad (%)',
  captures: 'Capturas por dispositivo-semana',
  bait: 'Consumo medio de cebo (%)',
};

/** The limits each figure is read against (activity has none drawn: it is a share of devices, not a reading). */
const METRIC_THRESHOLDS: Record<TrendMetric, TrendThresholdMetric | null> = {
  activity: null,
  captures: 'CAPTURAS_SEMANA',
  bait: 'CONSUMO_CEBO',
};

/** Series drawn at most; the table lists every one. */
export const MAX_CHART_SERIES = 6;

export interface TrendSeries {
  key: string;
  label: string;
  /** One value per period of the chart, in order; null where the series had no inspection. */
  values: (number | null)[];
}

/** One limit line of the chart: a level's strictest value over the series it applies to. */
export interface TrendLine {
  level: ThresholdLevel;
  value: number;
  /** The series (their keys) it is drawn for. */
  seriesKeys: string[];
}

export interface TrendTable {
  periods: string[];
  series: TrendSeries[];
  /** The limit lines of the metric shown, Acción first. */
  lines: TrendLine[];
}

/** A series' name as the office reads it. */
export function seriesLabel(by: TrendDimension | null, key: string | null): string {
  if (by === null || key === null) return 'Todos los dispositivos';
  if (by === 'area') return key || 'Sin área';
  if (by === 'zone') return key ? (ZONE_NAMES[key as keyof typeof ZONE_NAMES] ?? key) : 'Sin zona';
  if (by === 'type') return TRAP_TYPE_NAMES[key as keyof typeof TRAP_TYPE_NAMES] ?? key;
  return PEST_GROUP_NAMES[key as keyof typeof PEST_GROUP_NAMES] ?? key;
}

const metricValue = (point: TrendPoint, metric: TrendMetric): number | null =>
  metric === 'captures'
    ? point.capturesPerDeviceWeek
    : metric === 'bait'
      ? point.meanBaitConsumption
      : point.inspectedDevices
        ? Math.round((point.devicesWithActivity / point.inspectedDevices) * 1000) / 10
        : 0;

/** The key suffix of a series' year-before values. */
const PREVIOUS = '|prev';

/**
 * The key and name (short, a phone's table column) of the remote monitoring's series: electronic devices' captures and activity (report.remote),
 * drawn apart from the inspections' series, over the devices that reported, with no limit line of its own.
 */
export const REMOTE_SERIES_KEY = '|remote';
export const REMOTE_SERIES_LABEL = 'Remoto';
/** How the chart's legend names it. */
export const REMOTE_SERIES_LEGEND = 'Remoto: monitorización remota, no son inspecciones';
export const isRemoteSeries = (key: string) => key === REMOTE_SERIES_KEY;

const remoteValue = (point: TrendRemotePoint, metric: TrendMetric): number | null =>
  metric === 'captures'
    ? point.capturesPerDeviceWeek
    : metric === 'bait'
      ? null
      : point.devices
        ? Math.round((point.devicesWithActivity / point.devices) * 1000) / 10
        : 0;

/** A previous year's period moved onto this year's: a year later, a week 52 weeks later (still a Monday). */
export function periodYearLater(period: string, interval: TrendsReport['interval']): string {
  const date = new Date(`${period}T00:00:00Z`);
  if (interval === 'week') date.setUTCDate(date.getUTCDate() + 364);
  else date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The report as periods × series of one metric, the series with the most first; with compare=prevYear each
 * series is followed by its year-before one, laid on the same periods; the remote monitoring last, as a series
 * of its own (REMOTE_SERIES_KEY) and never in the inspections' ones. With the limit lines of the metric: for
 * each level, the strictest limit over each series (a limit without a series key holds for every one), lines of
 * equal value drawn once.
 */
export function trendTable(report: TrendsReport, metric: TrendMetric): TrendTable {
  const previous = (report.previousYear ?? []).map((point) => ({
    ...point,
    period: periodYearLater(point.period, report.interval),
  }));
  const remote = report.remote ?? [];
  const periods = [...new Set([...report.points, ...previous, ...remote].map((point) => point.period))].sort();
  const collect = (points: TrendPoint[], suffix: string, labelSuffix: string) => {
    const byKey = new Map<string, TrendSeries>();
    for (const point of points) {
      const key = `${point.key ?? ''}${suffix}`;
      const series = byKey.get(key) ?? {
        key,
        label: `${seriesLabel(report.by, point.key)}${labelSuffix}`,
        values: periods.map(() => null),
      };
      byKey.set(key, series);
      series.values[periods.indexOf(point.period)] = metricValue(point, metric);
    }
    return byKey;
  };
  const current = collect(report.points, '', '');
  const before = collect(previous, PREVIOUS, ' (año anterior)');
  const total = (one: TrendSeries | undefined) =>
    one?.values.reduce<number>((sum, value) => sum + (value ?? 0), 0) ?? 0;
  const keys = [...new Set([...current.keys(), ...[...before.keys()].map((key) => key.slice(0, -PREVIOUS.length))])];
  const label = (key: string) => (current.get(key) ?? before.get(`${key}${PREVIOUS}`))!.label;
  keys.sort((a, b) => total(current.get(b)) - total(current.get(a)) || label(a).localeCompare(label(b), 'es'));
  const series = keys.flatMap((key) =>
    [current.get(key), before.get(`${key}${PREVIOUS}`)].filter((one): one is TrendSeries => one !== undefined),
  );
  const lines = trendLines(report, metric, series);
  if (remote.length > 0) {
    const values = periods.map<number | null>(() => null);
    for (const point of remote) values[periods.indexOf(point.period)] = remoteValue(point, metric);
    series.push({ key: REMOTE_SERIES_KEY, label: REMOTE_SERIES_LABEL, values });
  }
  return { periods, series, lines };
}

/** The limit lines of a metric over the series shown (see trendTable). */
function trendLines(report: TrendsReport, metric: TrendMetric, series: TrendSeries[]): TrendLine[] {
  const wanted = METRIC_THRESHOLDS[metric];
  if (!wanted) return [];
  const lines = new Map<string, TrendLine>();
  for (const level of ['ACCION', 'ALERTA'] as const) {
    for (const one of series) {
      const key = one.key.endsWith(PREVIOUS) ? one.key.slice(0, -PREVIOUS.length) : one.key;
      const values = report.thresholds
        .filter((line) => line.metric === wanted && line.level === level && (line.key === null || line.key === key))
        .map((line) => line.value);
      if (values.length === 0) continue;
      const value = Math.min(...values);
      const id = `${level}|${value}`;
      const line = lines.get(id) ?? { level, value, seriesKeys: [] };
      if (!line.seriesKeys.includes(one.key)) line.seriesKeys.push(one.key);
      lines.set(id, line);
    }
  }
  return [...lines.values()];
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

/**
 * The x axis of a chart of these periods, as lines of text under each labelled period: the month or quarter, and
 * under it the year where one starts (and at the first period); a week by its first day. When the labels are wider
 * than a period's slot (`slot` and the widths in the chart's units, 11 px text), every n-th period is labelled.
 */
export function axisLabels(
  periods: string[],
  interval: TrendsReport['interval'],
  slot: number,
): { index: number; lines: string[] }[] {
  const labels = periods.map((period, index) => {
    const [year, month, day] = period.split('-').map(Number) as [number, number, number];
    const startsYear = index === 0 || (month === 1 && (interval !== 'week' || day <= 7));
    const yearLine = startsYear ? [String(year)] : [];
    if (interval === 'year') return [String(year)];
    if (interval === 'quarter') return [`T${Math.floor((month - 1) / 3) + 1}`, ...yearLine];
    if (interval === 'month') return [MONTHS[month - 1]!, ...yearLine];
    return [`${day} ${MONTHS[month - 1]}`, ...yearLine];
  });
  const widest = Math.max(0, ...labels.flat().map((line) => line.length));
  const every = Math.max(1, Math.ceil((widest * AXIS_CHARACTER_WIDTH + AXIS_GAP) / slot));
  return labels.flatMap((lines, index) => (index % every === 0 ? [{ index, lines }] : []));
}

/** An 11 px character's width at most, in the chart's units, and the room kept between two labels. */
const AXIS_CHARACTER_WIDTH = 7;
const AXIS_GAP = 8;
