import type { SessionSummary } from '@rondin/contracts';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime, progressPercent } from '../../../lib/format';
import { STATUS_LABELS, STATUS_TONES, sessionStatus } from '../utils/session-status';

interface OrderCardProps {
  session: SessionSummary;
  busy: boolean;
  onClose: (session: SessionSummary) => void;
  onDelete: (session: SessionSummary) => void;
  onDownloadReport: (session: SessionSummary) => void;
}

export function OrderCard({ session, busy, onClose, onDelete, onDownloadReport }: OrderCardProps) {
  const status = sessionStatus(session);
  const percent = progressPercent(session.completedCount, session.itemCount);
  const titleId = `order-${session.id}-title`;
  // Same rule as the dashboard's overdue count: not completed and scheduled in the past.
  const overdue = status !== 'COMPLETED' && session.scheduledAt !== null && new Date(session.scheduledAt).getTime() < Date.now();
  return (
    <article className="order-card" aria-labelledby={titleId}>
      <header className="order-card__header">
        <h2 id={titleId} className="order-card__title">
          Orden #{session.id}
        </h2>
        <StatusBadge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</StatusBadge>
      </header>
      <dl className="order-card__facts">
        <div>
          <dt>Técnico</dt>
          <dd>{session.technician.fullName}</dd>
        </div>
        <div>
          <dt>Programada</dt>
          <dd>
            {session.scheduledAt ? formatDateTime(session.scheduledAt) : 'Sin fecha programada'}
            {overdue ? <span className="order-card__overdue">Vencida</span> : null}
          </dd>
        </div>
      </dl>
      <div className="order-card__progress">
        <div className="order-card__progress-label">
          <span>
            {session.completedCount} de {session.itemCount} trampas
          </span>
          <span className="muted">{percent} %</span>
        </div>
        <ProgressBar percent={percent} label={`Progreso de la orden #${session.id}`} />
      </div>
      <footer className="order-card__actions">
        {status === 'COMPLETED' ? (
          <button type="button" className="button button--secondary button--small" onClick={() => onDownloadReport(session)} disabled={busy}>
            Descargar reporte PDF
          </button>
        ) : (
          <button type="button" className="button button--secondary button--small" onClick={() => onClose(session)} disabled={busy}>
            Cerrar orden
          </button>
        )}
        <button type="button" className="button button--ghost-danger button--small" onClick={() => onDelete(session)} disabled={busy}>
          Eliminar
        </button>
      </footer>
    </article>
  );
}
