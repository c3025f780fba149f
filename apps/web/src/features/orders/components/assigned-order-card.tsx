import type { SessionSummary } from '@rondin/contracts';
import { Link } from 'react-router';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime, progressPercent } from '../../../lib/format';
import { ASSIGNED_ORDER_MESSAGES as TEXT } from '../messages';
import { type AssignedOrder, doneOnDevice, NO_UNSENT_SCANS, orderAreas } from '../utils/assigned-orders';
import { isOverdue, STATUS_LABELS, STATUS_TONES, sessionStatus } from '../utils/session-status';

interface AssignedOrderCardProps {
  /** An open order comes with its items; a completed one is a page's summary with its areas. */
  session: AssignedOrder;
  /** The qrHash of each of this order's scans waiting on the phone: their traps count as done. */
  unsentQrHashes?: ReadonlySet<string>;
  downloading: boolean;
  onDownloadReport: (session: SessionSummary) => void;
}

/** One order on the technician's list: what it is, how far along, and the way into its scan screen. */
export function AssignedOrderCard({
  session,
  unsentQrHashes = NO_UNSENT_SCANS,
  downloading,
  onDownloadReport,
}: AssignedOrderCardProps) {
  const status = sessionStatus(session);
  const done = doneOnDevice(session, unsentQrHashes);
  const unsent = done - session.completedCount;
  const percent = progressPercent(done, session.itemCount);
  const overdue = isOverdue(session);
  const areas = orderAreas(session);
  const titleId = `assigned-order-${session.id}-title`;
  return (
    // Focusable from script: after 'Ver más' focus lands on the first card the new page brought.
    <article
      className={`assigned-card assigned-card--${status.toLowerCase()}${overdue ? ' assigned-card--overdue' : ''}`}
      aria-labelledby={titleId}
      tabIndex={-1}
    >
      <header className="assigned-card__header">
        <h3 id={titleId} className="assigned-card__title">
          Orden #{session.id}
        </h3>
        <StatusBadge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</StatusBadge>
      </header>
      <p className="assigned-card__when">
        <CalendarIcon />
        {session.scheduledAt ? formatDateTime(session.scheduledAt) : TEXT.unscheduled}
        {overdue ? <span className="assigned-card__overdue">{TEXT.overdue}</span> : null}
      </p>
      {areas.length > 0 ? <p className="assigned-card__areas">{areas.join(' · ')}</p> : null}
      <div className="assigned-card__progress">
        <div className="assigned-card__progress-label">
          <span>
            {TEXT.progress(done, session.itemCount)}
            {unsent > 0 ? <span className="assigned-card__unsent"> · {TEXT.unsent(unsent)}</span> : null}
          </span>
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
          <button
            type="button"
            className="button button--ghost button--large"
            onClick={() => onDownloadReport(session)}
            disabled={downloading}
          >
            Descargar reporte PDF
          </button>
        ) : null}
      </footer>
    </article>
  );
}

function CalendarIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <rect x="3.5" y="5" width="17" height="15" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </svg>
  );
}
