import './reports.css';
import { useState } from 'react';
import { Notice } from '../../../components/ui/notice';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { useExportReport, type ExportFormat } from '../api/export-report';
import { useCompliance } from '../api/get-compliance';

export const REPORT_MESSAGES = {
  downloadFailed: 'No se pudo descargar el reporte. Inténtalo nuevamente en unos segundos.',
  noAlerts: 'Sin alertas por el momento. ¡Buen trabajo!',
  overdue: (count: number) => `${count} sesiones vencidas sin completar`,
  loading: 'Cargando indicadores...',
  loadFailed: 'No se pudieron cargar los indicadores.',
} as const;

/** completionRate arrives with one decimal; the card shows it the Spanish way (87,5 %). */
const percent = new Intl.NumberFormat('es', { maximumFractionDigits: 1 });

export function CompliancePanel() {
  const compliance = useCompliance();
  const exportReport = useExportReport();
  const [failed, setFailed] = useState(false);
  const report = compliance.data;

  function download(format: ExportFormat) {
    setFailed(false);
    exportReport.mutate(format, { onError: () => setFailed(true) });
  }

  const running = exportReport.isPending ? exportReport.variables : null;
  return (
    <>
      <PageHeader title="Panel de cumplimiento" subtitle="Indicadores de las órdenes de inspección y reportes operativos." />
      <QueryState
        isPending={compliance.isPending}
        isError={compliance.isError}
        loadingText={REPORT_MESSAGES.loading}
        errorText={REPORT_MESSAGES.loadFailed}
        onRetry={() => void compliance.refetch()}
      >
        {report ? (
          <>
            <section className="metric-grid" aria-label="Indicadores">
              <Metric label="Sesiones programadas" value={String(report.totalSessions)} hint="Órdenes registradas" />
              <Metric label="Sesiones completadas" value={String(report.completedSessions)} hint="Órdenes cerradas" />
              <Metric
                label="Cumplimiento"
                value={`${percent.format(report.completionRate)} %`}
                hint="Completadas sobre programadas"
                meter={report.completionRate}
              />
              <Metric label="Trampas pendientes" value={String(report.pendingTraps)} hint="En órdenes abiertas" />
            </section>
            <div className="dashboard-panels">
              <section className="panel" aria-labelledby="alerts-title">
                <h2 id="alerts-title" className="panel__title">
                  Alertas activas
                </h2>
                {report.overdueSessions > 0 ? (
                  <p className="alert-line alert-line--warning">
                    <span className="alert-line__dot" aria-hidden="true" />
                    {REPORT_MESSAGES.overdue(report.overdueSessions)}
                  </p>
                ) : (
                  <p className="alert-line alert-line--ok">
                    <span className="alert-line__dot" aria-hidden="true" />
                    {REPORT_MESSAGES.noAlerts}
                  </p>
                )}
              </section>
              <section className="panel" aria-labelledby="reports-title">
                <h2 id="reports-title" className="panel__title">
                  Reportes
                </h2>
                <p className="panel__text">Descarga el reporte operativo con los indicadores y el detalle de cada orden.</p>
                <div className="panel__actions">
                  <button type="button" className="button button--secondary" onClick={() => download('pdf')} disabled={running !== null}>
                    {running === 'pdf' ? 'Generando…' : 'Descargar PDF'}
                  </button>
                  <button type="button" className="button button--secondary" onClick={() => download('excel')} disabled={running !== null}>
                    {running === 'excel' ? 'Generando…' : 'Descargar Excel'}
                  </button>
                </div>
                {failed ? <Notice notice={{ tone: 'error', text: REPORT_MESSAGES.downloadFailed }} /> : null}
              </section>
            </div>
          </>
        ) : null}
      </QueryState>
    </>
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
