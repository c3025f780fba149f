import type { SessionSummary } from '@rondin/contracts';
import { Link } from 'react-router';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTimeIn, progressPercent } from '../../../lib/format';
import { ASSIGNED_ORDER_MESSAGES as TEXT } from '../messages';
import { type AssignedOrder, doneOnDevice, NO_UNSENT_SCANS, orderAreas } from '../utils/assigned-orders';
import { isOverdue, STATUS_LABELS, STATUS_TONES, sessionStatus } from '../utils/session-status';

/** A card names this many areas at most; the rest are counted, so one order of many areas stays one phone wide. */
const AREAS_SHOWN = 3;

interface AssignedOrderCardProps {
  /** An open order comes with its items; a completed one is a page's summary with its areas. */
  session: AssignedOrder;
  /** The server's zone (GET /api/health), the one of a site without its own; null until known. */
  serverTimeZone: string | null;
  /** The qrHash of each of this order's scans waiting on the phone: their traps count as done. */
  unsentQrHashes?: ReadonlySet<string>;
  downloading: boolean;
  onDownloadReport: (session: SessionSummary) => void;
}

/** One order on the technician's list: what it is, how far along, and the way into its scan screen. */
export function AssignedOrderCard({
  session,
  serverTimeZone,
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
  const hiddenAreas = areas.length - AREAS_SHOWN;
  const { site } = session;
  const siteZone = site.timeZone ?? serverTimeZone;
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
      {/* Where the visit is: the company served, the site, and how to get there. */}
      <div className="assigned-card__where">
        <p className="assigned-card__site">
          {site.client ? <strong>{site.client}</strong> : null}
          {site.client ? ' · ' : null}
          {site.name}
        </p>
        {site.address ? <p className="assigned-card__address">{site.address}</p> : null}
      </div>
      <p className="assigned-card__when">
        <CalendarIcon />
        <span>
          {session.scheduledAt ? formatDateTimeIn(session.scheduledAt, siteZone) : TEXT.unscheduled}
          {overdue ? <span className="assigned-card__overdue">{TEXT.overdue}</span> : null}
        </span>
      </p>
      {areas.length > 0 ? (
        <p className="assigned-card__areas">
          {areas.slice(0, AREAS_SHOWN).join(' · ')}
          {hiddenAreas > 0 ? ` ${TEXT.moreAreas(hiddenAreas)}` : null}
        </p>
      ) : null}
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
