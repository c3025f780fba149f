import './coverage.css';
import type { CoverageDevice, CoverageInterval, CoverageReport, Site } from '@rondin/contracts';
import { TRAP_TYPE_MARKS } from '@rondin/contracts/devices';
import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { formatCount } from '../../../lib/format';
import { useCoverage } from '../api/get-coverage';
import { gapReason, periodHeading, periodName, STATE_TEXT, visitsText } from '../utils/coverage-text';

const COVERAGE_MESSAGES = {
  loading: 'Cargando la cobertura...',
  loadFailed: 'No se pudo cargar la cobertura por dispositivo.',
  noSites: 'No hay sitios activos: crea un sitio y sus dispositivos para ver su cobertura.',
  noDevices: 'El sitio no tiene dispositivos activos en el período.',
  noGaps: 'Sin huecos en el período: cada dispositivo programado fue inspeccionado.',
} as const;

const plural = (value: number, one: string, many: string) => `${formatCount(value)} ${value === 1 ? one : many}`;
const gapsText = (gaps: number) => plural(gaps, 'hueco', 'huecos');

/** The report's cells by state: "Por dispositivo y mes: 11 inspeccionados · 1 sin inspeccionar · …". */
function countsText({ totals, interval }: CoverageReport): string {
  const figures = [
    plural(totals.inspected, 'inspeccionado', 'inspeccionados'),
    `${formatCount(totals.missed)} sin inspeccionar`,
    `${formatCount(totals.exception)} con excepción`,
    `${formatCount(totals.notDue)} sin visita programada`,
  ];
  return `Por dispositivo y ${interval === 'month' ? 'mes' : 'semana'}: ${figures.join(' · ')}.`;
}

/**
 * Device by device and month by month (or week), whether each device of a site was due and inspected: the
 * gaps an auditor looks for. The site, interval and "solo huecos" live in the address, so a link (from the
 * dashboard or the site's page) opens the same view.
 */
export function CoverageView({ sites }: { sites: readonly Site[] | undefined }) {
  const [params, setParams] = useSearchParams();
  const active = (sites ?? []).filter((site) => site.isActive);
  const asked = Number(params.get('siteId'));
  const siteId = (sites ?? []).some((site) => site.id === asked) ? asked : active[0]?.id;
  const interval: CoverageInterval = params.get('interval') === 'week' ? 'week' : 'month';
  const gapsInAddress = params.get('huecos') === '1';
  // The box follows a click at once: the address changes in a transition, which a busy phone may render late.
  const [onlyGaps, setOnlyGaps] = useState(gapsInAddress);
  useEffect(() => setOnlyGaps(gapsInAddress), [gapsInAddress]);
  const coverage = useCoverage(siteId === undefined ? undefined : { siteId, interval });
  const siteField = useId();
  const intervalField = useId();

  const change = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        title="Cobertura por dispositivo"
        subtitle="Qué dispositivos tocaba inspeccionar en cada período y cuáles quedaron sin inspeccionar: los huecos que busca una auditoría."
      />
      {sites !== undefined && active.length === 0 && siteId === undefined ? (
        <div className="state state--empty">
          <p>{COVERAGE_MESSAGES.noSites}</p>
        </div>
      ) : (
        <>
          <div className="coverage__controls">
            {(sites ?? []).length > 1 ? (
              <div className="field">
                <label htmlFor={siteField}>Sitio</label>
                <select id={siteField} value={siteId ?? ''} onChange={(event) => change('siteId', event.target.value)}>
                  {(sites ?? []).map((site) => (
                    <option key={site.id} value={site.id}>
                      {site.name}
                      {site.isActive ? '' : ' (inactivo)'}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <div className="field">
              <label htmlFor={intervalField}>Períodos</label>
              <select
                id={intervalField}
                value={interval}
                onChange={(event) => change('interval', event.target.value === 'week' ? 'week' : null)}
              >
                <option value="month">Por mes (últimos 12 meses)</option>
                <option value="week">Por semana (últimos 12 meses)</option>
              </select>
            </div>
            <label className="coverage__only-gaps">
              <input
                type="checkbox"
                checked={onlyGaps}
                onChange={(event) => {
                  setOnlyGaps(event.target.checked);
                  change('huecos', event.target.checked ? '1' : null);
                }}
              />
              Solo huecos
            </label>
          </div>
          <QueryState
            isPending={sites === undefined || coverage.isPending}
            isError={coverage.isError && !coverage.data}
            error={coverage.error}
            loadingText={COVERAGE_MESSAGES.loading}
            errorText={COVERAGE_MESSAGES.loadFailed}
            onRetry={() => void coverage.refetch()}
            isEmpty={coverage.data?.devices.length === 0}
            emptyText={COVERAGE_MESSAGES.noDevices}
          >
            {coverage.data ? <CoverageReportView report={coverage.data} onlyGaps={onlyGaps} /> : null}
          </QueryState>
        </>
      )}
    </>
  );
}

function CoverageReportView({ report, onlyGaps }: { report: CoverageReport; onlyGaps: boolean }) {
  const devices = onlyGaps ? report.devices.filter((device) => device.totals.gaps > 0) : report.devices;
  const first = report.periods[0]?.period;
  const last = report.periods.at(-1)?.period;
  const span = first && last ? `de ${periodName(first, report.interval)} a ${periodName(last, report.interval)}` : '';
  return (
    <>
      <section className="coverage__summary" aria-label="Resumen de la cobertura">
        <p className={report.totals.gaps > 0 ? 'coverage__gaps coverage__gaps--some' : 'coverage__gaps'}>
          <strong>{gapsText(report.totals.gaps)}</strong> en {report.site}, {span} ({report.timeZone}).
        </p>
        <p className="coverage__counts">{countsText(report)}</p>
        <ul className="coverage__legend" aria-label="Leyenda">
          {(['INSPECTED', 'MISSED', 'EXCEPTION', 'NOT_DUE'] as const).map((state) => (
            <li key={state}>
              <span className={`coverage__cell coverage__cell--${state.toLowerCase()}`} aria-hidden="true">
                {STATE_TEXT[state].mark}
              </span>{' '}
              {STATE_TEXT[state].long}
            </li>
          ))}
        </ul>
      </section>
      {devices.length === 0 ? (
        <div className="state state--empty">
          <p>{COVERAGE_MESSAGES.noGaps}</p>
        </div>
      ) : (
        <CoverageGrid report={report} devices={devices} onlyGaps={onlyGaps} />
      )}
      <GapList report={report} />
    </>
  );
}

function CoverageGrid({
  report,
  devices,
  onlyGaps,
}: {
  report: CoverageReport;
  devices: CoverageDevice[];
  onlyGaps: boolean;
}) {
  const captionId = useId();
  return (
    // A focusable region: the keyboard scrolls the grid sideways on a phone.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
    <div className="coverage__scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="coverage__table">
        <caption id={captionId}>
          Cobertura de {report.site} por dispositivo y {report.interval === 'month' ? 'mes' : 'semana'}
          {onlyGaps ? ' (solo dispositivos con huecos)' : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="coverage__device">
              Dispositivo
            </th>
            {report.periods.map(({ period, devices: tally }) => (
              <th key={period} scope="col" className="coverage__period">
                <span aria-hidden="true">{periodHeading(period, report.interval)}</span>
                <span className="visually-hidden">{periodName(period, report.interval)}</span>
                {tally.gaps > 0 ? <span className="coverage__period-gaps">{gapsText(tally.gaps)}</span> : null}
              </th>
            ))}
            <th scope="col">Huecos</th>
          </tr>
        </thead>
        <tbody>
          {devices.map((device) => (
            <tr key={device.trapId}>
              <th scope="row" className="coverage__device">
                <Link to={`/admin/traps/${device.trapId}`}>{device.code}</Link>
                <span className="coverage__device-detail">
                  {TRAP_TYPE_MARKS[device.type]}
                  {device.area ? ` · ${device.area}` : ''}
                  {device.isActive ? '' : ' · inactivo'}
                </span>
              </th>
              {device.cells.map((cell, index) => {
                const state = STATE_TEXT[cell.state];
                const visits = visitsText(cell);
                return (
                  <td
                    key={report.periods[index]!.period}
                    className={`coverage__cell coverage__cell--${cell.state.toLowerCase()}`}
                  >
                    <span aria-hidden="true">
                      {state.mark}
                      {state.short ? ` ${state.short}` : ''}
                      {visits ? <span className="coverage__visits"> {visits}</span> : null}
                    </span>
                    <span className="visually-hidden">
                      {state.long}
                      {visits ? ` (${visits} visitas inspeccionadas)` : ''}
                    </span>
                  </td>
                );
              })}
              <td className={device.totals.gaps > 0 ? 'coverage__total coverage__total--gaps' : 'coverage__total'}>
                {formatCount(device.totals.gaps)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Every gap with the orders behind it, so the office can open them. */
function GapList({ report }: { report: CoverageReport }) {
  if (report.gaps.length === 0) return null;
  return (
    <section className="panel coverage__gap-list" aria-labelledby="coverage-gaps-title">
      <h2 id="coverage-gaps-title" className="panel__title">
        Huecos ({formatCount(report.gaps.length)})
      </h2>
      <ul>
        {report.gaps.map((gap) => (
          <li key={`${gap.trapId}-${gap.period}`}>
            <strong>{gap.code}</strong>, {periodName(gap.period, report.interval)}: {gapReason(gap)}.{' '}
            {gap.sessionIds.map((id, index) => (
              <span key={id}>
                {index > 0 ? ', ' : ''}
                <Link to={`/admin/sessions/${id}`}>orden #{id}</Link>
              </span>
            ))}
          </li>
        ))}
      </ul>
    </section>
  );
}
