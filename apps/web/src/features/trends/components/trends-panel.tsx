import './trends.css';
import type { TrendDimension, TrendInterval } from '@rondin/contracts';
import { THRESHOLD_LEVEL_NAMES } from '@rondin/contracts/action-names';
import { useId, useState } from 'react';
import { Loading } from '../../../components/ui/loading';
import { Notice } from '../../../components/ui/notice';
import { serverMessage } from '../../../lib/api-client';
import { useTrends } from '../api/get-trends';
import {
  MAX_CHART_SERIES,
  METRIC_LABELS,
  axisLabels,
  isRemoteSeries,
  periodLabel,
  REMOTE_SERIES_LEGEND,
  trendTable,
  type TrendLine,
  type TrendMetric,
  type TrendSeries,
  type TrendTable,
} from '../utils/series';

const INTERVALS: [TrendInterval, string][] = [
  ['month', 'Por mes'],
  ['quarter', 'Por trimestre'],
  ['week', 'Por semana'],
  ['year', 'Por año'],
];
const DIMENSIONS: [TrendDimension | '', string][] = [
  ['', 'Todos los dispositivos'],
  ['area', 'Por área'],
  ['zone', 'Por zona'],
  ['type', 'Por tipo de dispositivo'],
  ['pestGroup', 'Por grupo de plaga'],
];
const TRENDS_LOAD_FAILED = 'No se pudieron cargar las tendencias.';
const number = new Intl.NumberFormat('es', { maximumFractionDigits: 2 });

/**
 * What was found over the last twelve months (of one site, or of all), as a chart and as the table it is drawn
 * from (the chart is an image for screen readers, named by what it shows; the table carries every number, the
 * limits too). Drawn as SVG by hand: bars per period and series, the limits in force as dashed lines, need no
 * charting library (docs/decisions/0010-trend-charts-in-svg.md).
 */
export function TrendsPanel({ siteId, path }: { siteId?: number; path?: string }) {
  const [interval, setInterval] = useState<TrendInterval>('month');
  const [by, setBy] = useState<TrendDimension | ''>('');
  const [metric, setMetric] = useState<TrendMetric>('activity');
  const [compare, setCompare] = useState(false);
  const trends = useTrends({ interval, by: by || null, siteId, compare, path });
  const id = useId();
  const table = trends.data ? trendTable(trends.data, metric) : null;

  return (
    <section className="panel trends" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="panel__title">
        Tendencias de los últimos 12 meses
      </h2>
      <div className="trends__controls">
        <div className="field">
          <label htmlFor={`${id}-interval`}>Intervalo</label>
          <select
            id={`${id}-interval`}
            value={interval}
            onChange={(event) => setInterval(event.target.value as TrendInterval)}
          >
            {INTERVALS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-by`}>Series</label>
          <select id={`${id}-by`} value={by} onChange={(event) => setBy(event.target.value as TrendDimension | '')}>
            {DIMENSIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-metric`}>Indicador</label>
          <select id={`${id}-metric`} value={metric} onChange={(event) => setMetric(event.target.value as TrendMetric)}>
            {Object.entries(METRIC_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="checkbox-field trends__compare">
          <input
            id={`${id}-compare`}
            type="checkbox"
            checked={compare}
            onChange={(event) => setCompare(event.target.checked)}
          />
          <label htmlFor={`${id}-compare`}>Comparar con el año anterior</label>
        </div>
      </div>
      {trends.isPending ? (
        <Loading text="Cargando tendencias..." />
      ) : trends.isError ? (
        <Notice notice={{ tone: 'error', text: serverMessage(trends.error) ?? TRENDS_LOAD_FAILED }} />
      ) : table && table.periods.length === 0 ? (
        <p className="trends__empty">Sin inspecciones con hallazgo en los últimos 12 meses.</p>
      ) : table ? (
        <>
          <TrendChart table={table} metric={metric} interval={interval} />
          <TrendDataTable table={table} metric={metric} interval={interval} />
        </>
      ) : null}
    </section>
  );
}

const WIDTH = 720;
const HEIGHT = 240;
const MARGIN = { top: 12, right: 8, bottom: 36, left: 44 };

/** Each series' colour: its position among this year's series (a year-before series takes its series' colour). */
function colours(series: TrendSeries[]): Map<string, number> {
  const bases: string[] = [];
  const colour = new Map<string, number>();
  for (const one of series) {
    if (isRemoteSeries(one.key)) continue;
    const base = baseKey(one.key);
    if (!bases.includes(base)) bases.push(base);
    colour.set(one.key, bases.indexOf(base) % 6);
  }
  return colour;
}

const baseKey = (key: string) => key.replace(/\|prev$/, '');
const isPrevious = (key: string) => key.endsWith('|prev');

/** A series' colour class: its colour, a year-before one lighter; the remote monitoring outlined, unlike any. */
const barClass = (key: string, colour: Map<string, number>) =>
  isRemoteSeries(key)
    ? 'trends__bar--remote'
    : `trends__bar--${colour.get(key)}${isPrevious(key) ? ' trends__bar--previous' : ''}`;

function TrendChart({ table, metric, interval }: { table: TrendTable; metric: TrendMetric; interval: TrendInterval }) {
  // The remote monitoring is always drawn (last), beside the largest of the inspections' series.
  const remote = table.series.filter((one) => isRemoteSeries(one.key));
  const series = [
    ...table.series.filter((one) => !isRemoteSeries(one.key)).slice(0, MAX_CHART_SERIES - remote.length),
    ...remote,
  ];
  const colour = colours(series);
  const shown = new Set(series.map((one) => one.key));
  const lines = table.lines.filter((line) => line.seriesKeys.some((key) => shown.has(key)));
  const max = Math.max(
    1,
    ...series.flatMap((one) => one.values.map((value) => value ?? 0)),
    ...lines.map((line) => line.value * 1.1),
  );
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const slot = plotWidth / table.periods.length;
  // At most 40 units a bar: one period alone is a bar, not a wall; each period's bars centred in its slot.
  const bar = Math.min(40, Math.max(1, (slot * 0.8) / series.length));
  const inset = (slot - bar * series.length) / 2;
  const y = (value: number) => MARGIN.top + plotHeight - (value / max) * plotHeight;
  // Named without the words of the controls' labels ("Intervalo", "Series"), which a label lookup would match too.
  const limits = lines.length ? ' Las líneas discontinuas son los umbrales de alerta y de acción.' : '';
  const apart = remote.length
    ? ' La serie Remoto, con borde discontinuo, es la monitorización remota de dispositivos electrónicos, no son inspecciones.'
    : '';
  const label = `Gráfico de barras de ${METRIC_LABELS[metric].toLowerCase()}, ${table.periods.length} intervalos.${limits}${apart} Los valores están en la tabla que sigue.`;
  return (
    <figure className="trends__figure">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} className="trends__chart">
        {[0, 0.5, 1].map((share) => (
          <g key={share}>
            <line
              x1={MARGIN.left}
              x2={WIDTH - MARGIN.right}
              y1={y(max * share)}
              y2={y(max * share)}
              className="trends__grid"
            />
            <text x={MARGIN.left - 6} y={y(max * share) + 4} textAnchor="end" className="trends__axis">
              {number.format(max * share)}
            </text>
          </g>
        ))}
        {table.periods.map((period, index) => (
          <g key={period}>
            {series.map((one, position) => {
              const value = one.values[index] ?? 0;
              return (
                <rect
                  key={one.key}
                  data-series={position}
                  x={MARGIN.left + index * slot + inset + position * bar}
                  y={y(value)}
                  width={bar}
                  height={Math.max(0, MARGIN.top + plotHeight - y(value))}
                  className={`trends__bar ${barClass(one.key, colour)}`}
                >
                  <title>{`${one.label}, ${periodLabel(period, interval)}: ${number.format(value)}`}</title>
                </rect>
              );
            })}
          </g>
        ))}
        {axisLabels(table.periods, interval, slot).map(({ index, lines: text }) => (
          <text
            key={table.periods[index]}
            x={MARGIN.left + index * slot + slot / 2}
            y={HEIGHT - 22}
            textAnchor="middle"
            className="trends__axis trends__axis--x"
          >
            {text.map((line, row) => (
              <tspan key={line} x={MARGIN.left + index * slot + slot / 2} dy={row === 0 ? 0 : 12}>
                {line}
              </tspan>
            ))}
          </text>
        ))}
        {lines.map((line) => (
          <g key={`${line.level}-${line.value}`} className={`trends__limit trends__limit--${line.level.toLowerCase()}`}>
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(line.value)} y2={y(line.value)} />
            <text x={WIDTH - MARGIN.right - 4} y={y(line.value) - 4} textAnchor="end">
              {`${THRESHOLD_LEVEL_NAMES[line.level]} ${number.format(line.value)}`}
            </text>
          </g>
        ))}
      </svg>
      {series.length > 1 || remote.length > 0 || lines.length > 0 ? (
        <figcaption>
          <ul className="trends__legend">
            {series.length > 1 || remote.length > 0
              ? series.map((one) => (
                  <li key={one.key}>
                    <span className={`trends__swatch ${barClass(one.key, colour)}`} aria-hidden="true" />
                    {isRemoteSeries(one.key) ? REMOTE_SERIES_LEGEND : one.label}
                  </li>
                ))
              : null}
            {lines.map((line) => (
              <li key={`${line.level}-${line.value}`}>
                <span className={`trends__dash trends__limit--${line.level.toLowerCase()}`} aria-hidden="true" />
                {`Umbral de ${THRESHOLD_LEVEL_NAMES[line.level].toLowerCase()}: ${number.format(line.value)}${linesFor(line, series)}`}
              </li>
            ))}
          </ul>
          {table.series.length > series.length ? (
            <p>El gráfico muestra las {series.length} series mayores; la tabla, todas.</p>
          ) : null}
        </figcaption>
      ) : null}
    </figure>
  );
}

/** Which series a limit line is drawn for, when not all of them. */
function linesFor(line: TrendLine, series: TrendSeries[]): string {
  const current = series.filter((one) => !isPrevious(one.key) && !isRemoteSeries(one.key));
  const own = current.filter((one) => line.seriesKeys.includes(one.key));
  return current.length > 1 && own.length < current.length ? ` (${own.map((one) => one.label).join(', ')})` : '';
}

/** The table a chart is drawn from: every period and series of one metric, with the limits in its footer. */
export function TrendDataTable({
  table,
  metric,
  interval,
  caption = METRIC_LABELS[metric],
}: {
  table: TrendTable;
  metric: TrendMetric;
  interval: TrendInterval;
  caption?: string;
}) {
  const captionId = useId();
  return (
    // Wider than a phone with many series: the wrapper scrolls, so it takes the focus for the keys to scroll it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
    <div className="trends__table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="trends__table">
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Período</th>
            {table.series.map((one) => (
              <th key={one.key} scope="col">
                {one.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.periods.map((period, index) => (
            <tr key={period}>
              <th scope="row">{periodLabel(period, interval)}</th>
              {table.series.map((one) => (
                <td key={one.key}>{one.values[index] === null ? '—' : number.format(one.values[index]!)}</td>
              ))}
            </tr>
          ))}
        </tbody>
        {table.lines.length ? (
          <tfoot>
            {(['ACCION', 'ALERTA'] as const)
              .filter((level) => table.lines.some((line) => line.level === level))
              .map((level) => (
                <tr key={level}>
                  <th scope="row">{`Umbral de ${THRESHOLD_LEVEL_NAMES[level].toLowerCase()}`}</th>
                  {table.series.map((one) => {
                    const line = table.lines.find((each) => each.level === level && each.seriesKeys.includes(one.key));
                    return <td key={one.key}>{line ? number.format(line.value) : '—'}</td>;
                  })}
                </tr>
              ))}
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
