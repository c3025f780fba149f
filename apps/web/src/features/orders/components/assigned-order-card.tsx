import type { Session, SessionSummary } from '@rondin/contracts';
import { Link } from 'react-router';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime, progressPercent } from '../../../lib/format';
import { ASSIGNED_ORDER_MESSAGES as TEXT } from '../messages';
import { orderAreas } from '../utils/assigned-orders';
import { STATUS_LABELS, STATUS_TONES, sessionStatus } from '../utils/session-status';

interface AssignedOrderCardProps {
  /** An open order comes with its items (its areas are listed); a completed one is a summary without them. */
  session: Session | SessionSummary;
  downloading: boolean;
  onDownloadReport: (session: SessionSummary) => void;
}

/** One order on the technician's list: what it is, how far along, and the way into its scan screen. */
export function AssignedOrderCard({ session, downloading, onDownloadReport }: AssignedOrderCardProps) {
  const status = sessionStatus(session);
  const percent = progressPercent(session.completedCount, session.itemCount);
  const areas = orderAreas(session);
  const titleId = `assigned-order-${session.id}-title`;
  return (
    // Focusable from script: after 'Ver más' focus lands on the first card the new page brought.
    <article className={`assigned-card assigned-card--${status.toLowerCase()}`} aria-labelledby={titleId} tabIndex={-1}>
      <header className="assigned-card__header">
        <h3 id={titleId} className="assigned-card__title">
          Orden #{session.id}
        </h3>
        <StatusBadge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</StatusBadge>
      </header>
      <p className="assigned-card__when">
        <CalendarIcon />
        {session.scheduledAt ? formatDateTime(session.scheduledAt) : TEXT.unscheduled}
      </p>
      {areas.length > 0 ? <p className="assigned-card__areas">{areas.join(' · ')}</p> : null}
      <div className="assigned-card__progress">
        <div className="assigned-card__progress-label">
          <span>{TEXT.progress(session.completedCount, session.itemCount)}</span>
          <span className="assigned-card__percent">{percent} %</span>
        </div>
        <ProgressBar percent={percent} label={`Progreso de la orden #${session.id}`} />
      </div>
      <footer className="assigned-card__actions">
        <Link
          to={`/tech/sessions/${session.id}/scan`}
          className={`button button--large ${status === 'COMPLETED' ? 'button--secondary' : 'button--primary'}`}
          aria-label={`${TEXT.open} #${session.id}`}
        >
          {TEXT.open}
        </Link>
        {status === 'COMPLETED' ? (
          <button type="button" className="button button--ghost button--large" onClick={() => onDownloadReport(session)} disabled={downloading}>
            Descargar reporte PDF
          </button>
        ) : null}
      </footer>
    </article>
  );
}

function CalendarIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <rect x="3.5" y="5" width="17" height="15" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </svg>
  );
}
