import './trends.css';
import type { TrendDimension, TrendInterval } from '@rondin/contracts';
import { useId, useState } from 'react';
import { Loading } from '../../../components/ui/loading';
import { Notice } from '../../../components/ui/notice';
import { serverMessage } from '../../../lib/api-client';
import { useTrends } from '../api/get-trends';
import {
  MAX_CHART_SERIES,
  METRIC_LABELS,
  periodLabel,
  trendTable,
  type TrendMetric,
  type TrendTable,
} from '../utils/series';

const INTERVALS: [TrendInterval, string][] = [
  ['month', 'Por mes'],
  ['quarter', 'Por trimestre'],
  ['week', 'Por semana'],
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
 * What was found over the last twelve months, as a chart and as the table it is drawn from (the chart is an
 * image for screen readers, named by what it shows; the table carries every number). Drawn as SVG by hand:
 * bars per period and series need no charting library (docs/decisions/0010-trend-charts-in-svg.md).
 */
export function TrendsPanel({ siteId }: { siteId?: number }) {
  const [interval, setInterval] = useState<TrendInterval>('month');
  const [by, setBy] = useState<TrendDimension | ''>('');
  const [metric, setMetric] = useState<TrendMetric>('activity');
  const trends = useTrends({ interval, by: by || null, siteId });
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

function TrendChart({ table, metric, interval }: { table: TrendTable; metric: TrendMetric; interval: TrendInterval }) {
  const series = table.series.slice(0, MAX_CHART_SERIES);
  const max = Math.max(1, ...series.flatMap((one) => one.values.map((value) => value ?? 0)));
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const slot = plotWidth / table.periods.length;
  // At most 40 units a bar: one period alone is a bar, not a wall; each period's bars centred in its slot.
  const bar = Math.min(40, Math.max(1, (slot * 0.8) / series.length));
  const inset = (slot - bar * series.length) / 2;
  const y = (value: number) => MARGIN.top + plotHeight - (value / max) * plotHeight;
  // Named without the words of the controls' labels ("Intervalo", "Series"), which a label lookup would match too.
  const label = `Gráfico de barras de ${METRIC_LABELS[metric].toLowerCase()}, ${table.periods.length} intervalos. Los valores están en la tabla que sigue.`;
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
                  className={`trends__bar trends__bar--${position}`}
                >
                  <title>{`${one.label}, ${periodLabel(period, interval)}: ${number.format(value)}`}</title>
                </rect>
              );
            })}
            {table.periods.length <= 13 || index % 2 === 0 ? (
              <text
                x={MARGIN.left + index * slot + slot / 2}
                y={HEIGHT - 14}
                textAnchor="middle"
                className="trends__axis"
              >
                {periodLabel(period, interval)}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
      {series.length > 1 ? (
        <figcaption>
          <ul className="trends__legend">
            {series.map((one, position) => (
              <li key={one.key}>
                <span className={`trends__swatch trends__bar--${position}`} aria-hidden="true" />
                {one.label}
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

function TrendDataTable({
  table,
  metric,
  interval,
}: {
  table: TrendTable;
  metric: TrendMetric;
  interval: TrendInterval;
}) {
  return (
    <div className="trends__table-wrap">
      <table className="trends__table">
        <caption>{METRIC_LABELS[metric]}</caption>
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
      </table>
    </div>
  );
}
