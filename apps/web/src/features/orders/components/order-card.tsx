import type { SessionListItem } from '@rondin/contracts';
import { Link, useLocation } from 'react-router';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTimeIn, progressPercent } from '../../../lib/format';
import { useSiteTimeZone } from '../../../lib/server-time-zone';
import { ORDER_MESSAGES } from '../messages';
import { isOverdue, sessionBadge } from '../utils/session-status';

/** A card names this many areas at most; the rest are counted. */
const AREAS_SHOWN = 3;

interface OrderCardProps {
  session: SessionListItem;
  /** With several active sites a card names its order's site. */
  showSite: boolean;
  busy: boolean;
  onClose: (session: SessionListItem) => void;
  onDelete: (session: SessionListItem) => void;
  onDownloadReport: (session: SessionListItem) => void;
}

export function OrderCard({ session, showSite, busy, onClose, onDelete, onDownloadReport }: OrderCardProps) {
  const badge = sessionBadge(session);
  const percent = progressPercent(session.completedCount, session.itemCount);
  const titleId = `order-${session.id}-title`;
  const overdue = isOverdue(session);
  const hiddenAreas = session.areas.length - AREAS_SHOWN;
  const { pathname, search } = useLocation();
  const timeZone = useSiteTimeZone(session.site);
  return (
    <article className="order-card" aria-labelledby={titleId}>
      <header className="order-card__header">
        <h2 id={titleId} className="order-card__title">
          {/* The way into the order's detail: its number, as on every list of orders. */}
          <Link
            to={`/admin/sessions/${session.id}`}
            state={{ list: `${pathname}${search}` }}
            className="order-card__link"
          >
            Orden #{session.id}
          </Link>
        </h2>
        <StatusBadge tone={badge.tone}>{badge.label}</StatusBadge>
      </header>
      <dl className="order-card__facts">
        {showSite ? (
          <div>
            <dt>{ORDER_MESSAGES.site}</dt>
            <dd>{session.site.name}</dd>
          </div>
        ) : null}
        <div>
          <dt>Técnico</dt>
          <dd>{session.technician.fullName}</dd>
        </div>
        <div>
          <dt>Programada</dt>
          <dd>
            {session.scheduledAt ? formatDateTimeIn(session.scheduledAt, timeZone) : 'Sin fecha programada'}
            {overdue ? <span className="order-card__overdue">{ORDER_MESSAGES.overdue}</span> : null}
          </dd>
        </div>
        <div>
          <dt>{ORDER_MESSAGES.areas}</dt>
          <dd className="order-card__areas">
            {session.areas.length === 0
              ? ORDER_MESSAGES.noAreas
              : session.areas.slice(0, AREAS_SHOWN).join(' · ') +
                (hiddenAreas > 0 ? ` ${ORDER_MESSAGES.moreAreas(hiddenAreas)}` : '')}
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
        {session.status === 'COMPLETED' ? (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => onDownloadReport(session)}
            disabled={busy}
          >
            Descargar reporte PDF
          </button>
        ) : (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => onClose(session)}
            disabled={busy}
          >
            Cerrar orden
          </button>
        )}
        {/* Only an order nobody started is deleted: one in progress holds inspections, a closed one its certificate. */}
        {session.status !== 'PENDING' ? null : (
          <button
            type="button"
            className="button button--ghost-danger button--small"
            onClick={() => onDelete(session)}
            disabled={busy}
          >
            Eliminar
          </button>
        )}
      </footer>
    </article>
  );
}
