import './reports.css';
import type { ComplianceReport } from '@rondin/contracts';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { Loading } from '../../../components/ui/loading';
import { Notice } from '../../../components/ui/notice';
import { PageHeader } from '../../../components/ui/page-header';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { isServerReachable, subscribeConnectivity } from '../../../lib/connectivity';
import { formatCount } from '../../../lib/format';
import { useExportReport, type ExportFormat } from '../api/export-report';
import { useCompliance } from '../api/get-compliance';
import { describePeriod, type Period } from '../utils/period';
import { countOf, overdueText } from '../utils/plurals';
import { PeriodPicker, usePeriodParams } from './period-picker';

export const REPORT_MESSAGES = {
  downloadFailed: 'No se pudo descargar el reporte. Inténtalo nuevamente en unos segundos.',
  noAlerts: 'Sin alertas por el momento. ¡Buen trabajo!',
  overdue: overdueText,
  loading: 'Cargando indicadores...',
  loadFailed: 'No se pudieron cargar los indicadores.',
  offline: 'Sin conexión con el servidor. Los indicadores se cargarán cuando vuelva la conexión.',
  offlineCached: 'Sin conexión con el servidor: se muestran los indicadores cargados a las',
  pickDays: 'Elige las fechas de inicio y de término del período.',
} as const;

/** completionRate arrives with one decimal; the card shows it the Spanish way (87,5 %). */
const percent = new Intl.NumberFormat('es', { maximumFractionDigits: 1 });
const time = new Intl.DateTimeFormat('es', { hour: '2-digit', minute: '2-digit' });

/** The order list showing this period's overdue orders (the orders screen reads `overdue`, `from` and `to`). */
function overdueLink(period: Period): string {
  return `/admin/sessions?${new URLSearchParams({ overdue: 'true', from: period.firstDay, to: period.lastDay })}`;
}

export function CompliancePanel() {
  const periodParams = usePeriodParams();
  const { period } = periodParams;
  const compliance = useCompliance(period);
  const reachable = useSyncExternalStore(subscribeConnectivity, isServerReachable);
  const report = compliance.data;

  // A read that failed for want of a connection is made again when the connection returns (a paused one
  // resumes by itself; one that had already failed does not).
  const wasReachable = useRef(reachable);
  const { isError, refetch } = compliance;
  useEffect(() => {
    if (reachable && !wasReachable.current && isError) void refetch();
    wasReachable.current = reachable;
  }, [reachable, isError, refetch]);

  return (
    <>
      <PageHeader
        title="Panel de cumplimiento"
        subtitle="Indicadores de las órdenes de inspección y reportes operativos."
      />
      <PeriodPicker {...periodParams} />
      {period ? (
        <p className="period-summary" aria-live="polite">
          Indicadores del período: <strong>{describePeriod(period)}</strong>. Cuentan las órdenes programadas hasta hoy
          y las órdenes sin fecha creadas en el período.
        </p>
      ) : (
        <p className="period-summary">{REPORT_MESSAGES.pickDays}</p>
      )}
      {report && period && compliance.fetchStatus === 'paused' ? (
        <Notice
          notice={{ tone: 'info', text: `${REPORT_MESSAGES.offlineCached} ${time.format(compliance.dataUpdatedAt)}.` }}
        />
      ) : null}
      {period ? (
        <Figures
          report={report}
          period={period}
          isLoading={compliance.isPending && compliance.fetchStatus === 'fetching'}
          isOffline={!report && (compliance.fetchStatus === 'paused' || (compliance.isError && !reachable))}
          error={compliance.isError ? compliance.error : null}
          onRetry={() => void compliance.refetch()}
        />
      ) : null}
    </>
  );
}

interface FiguresProps {
  report: ComplianceReport | undefined;
  period: Period;
  isLoading: boolean;
  isOffline: boolean;
  error: Error | null;
  onRetry: () => void;
}

/** The period's figures, its alert and its downloads, or what stands in for them while they cannot be shown. */
function Figures({ report, period, isLoading, isOffline, error, onRetry }: FiguresProps) {
  if (isOffline) {
    return (
      <div className="state state--error" role="alert">
        <p>{REPORT_MESSAGES.offline}</p>
        <button type="button" className="button button--secondary" onClick={onRetry}>
          Reintentar
        </button>
      </div>
    );
  }
  if (error && !report) {
    // A 400 carries the server's own reason (a period it refuses); anything else gets the general words.
    const detail = error instanceof ApiError && error.status === 400 ? serverMessage(error) : undefined;
    return (
      <div className="state state--error" role="alert">
        <p>{REPORT_MESSAGES.loadFailed}</p>
        {detail ? <p>{detail}</p> : null}
        <button type="button" className="button button--secondary" onClick={onRetry}>
          Reintentar
        </button>
      </div>
    );
  }
  if (isLoading || !report) return <Loading text={REPORT_MESSAGES.loading} />;
  return (
    <>
      <section className="metric-grid" aria-label="Indicadores">
        <Metric
          label="Órdenes programadas"
          value={formatCount(report.totalSessions)}
          hint="Con fecha hasta hoy, o sin fecha"
        />
        <Metric
          label="Órdenes completadas"
          value={formatCount(report.completedSessions)}
          hint={
            report.forcedSessions > 0
              ? `Cerradas con todas sus trampas (aparte: ${countOf(report.forcedSessions, 'cerrada', 'cerradas')} con pendientes)`
              : 'Cerradas con todas sus trampas'
          }
        />
        <Metric
          label="Cumplimiento"
          value={`${percent.format(report.completionRate)} %`}
          hint="Completadas sobre programadas"
          meter={report.completionRate}
        />
        <Metric
          label="Trampas pendientes"
          value={formatCount(report.pendingTraps)}
          hint={`En órdenes abiertas; ${formatCount(report.inspectedTraps)} de ${countOf(report.dueTraps, 'trampa inspeccionada', 'trampas inspeccionadas')}`}
        />
      </section>
      <div className="dashboard-panels">
        <section className="panel" aria-labelledby="alerts-title">
          <h2 id="alerts-title" className="panel__title">
            Alertas activas
          </h2>
          {report.overdueSessions > 0 ? (
            <Link className="alert-line alert-line--warning alert-line--link" to={overdueLink(period)}>
              <span className="alert-line__dot" aria-hidden="true" />
              <span className="alert-line__text">{REPORT_MESSAGES.overdue(report.overdueSessions)}</span>
              <span className="alert-line__action" aria-hidden="true">
                Ver →
              </span>
            </Link>
          ) : null}
          {report.planGaps > 0 ? (
            <Link className="alert-line alert-line--warning alert-line--link" to="/admin/calendar">
              <span className="alert-line__dot" aria-hidden="true" />
              <span className="alert-line__text">
                {countOf(report.planGaps, 'mes', 'meses')} de planes de servicio sin visita completada
              </span>
              <span className="alert-line__action" aria-hidden="true">
                Ver →
              </span>
            </Link>
          ) : null}
          {report.overdueSessions === 0 && report.planGaps === 0 ? (
            <p className="alert-line alert-line--ok">
              <span className="alert-line__dot" aria-hidden="true" />
              {REPORT_MESSAGES.noAlerts}
            </p>
          ) : null}
        </section>
        <Downloads period={period} />
      </div>
    </>
  );
}

function Downloads({ period }: { period: Period }) {
  const exportReport = useExportReport();
  const [failed, setFailed] = useState(false);
  const running = exportReport.isPending ? exportReport.variables.format : null;

  function download(format: ExportFormat) {
    setFailed(false);
    exportReport.mutate({ format, range: period }, { onError: () => setFailed(true) });
  }

  return (
    <section className="panel" aria-labelledby="reports-title">
      <h2 id="reports-title" className="panel__title">
        Reportes
      </h2>
      <p className="panel__text">
        Descarga el reporte operativo del período con los indicadores y el detalle de cada orden.
      </p>
      <div className="panel__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => download('pdf')}
          disabled={running !== null}
        >
          {running === 'pdf' ? 'Generando…' : 'Descargar PDF'}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => download('excel')}
          disabled={running !== null}
        >
          {running === 'excel' ? 'Generando…' : 'Descargar Excel'}
        </button>
      </div>
      {failed ? <Notice notice={{ tone: 'error', text: REPORT_MESSAGES.downloadFailed }} /> : null}
      <p className="panel__text">
        <Link to="/admin/coverage">Cobertura por dispositivo</Link>: qué dispositivos quedaron sin inspeccionar cada
        mes.
      </p>
    </section>
  );
}

function Metric({ label, value, hint, meter }: { label: string; value: string; hint: string; meter?: number }) {
  return (
    <div className="metric">
      <p className="metric__label">{label}</p>
      <p className="metric__value">{value}</p>
      {meter !== undefined ? (
        <div className="progress progress--thin" aria-hidden="true">
          <span className="progress__bar" style={{ width: `${Math.min(100, Math.max(0, meter))}%` }} />
        </div>
      ) : null}
      <p className="metric__hint">{hint}</p>
    </div>
  );
}
