import type { SessionListItem } from '@rondin/contracts';
import { Link, useLocation } from 'react-router';
import { DataTable } from '../../../components/ui/data-table';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { StatusBadge } from '../../../components/ui/status-badge';
import { TriStateCheckbox } from '../../../components/ui/tri-state-checkbox';
import { formatDateTimeIn, progressPercent } from '../../../lib/format';
import { selectionState } from '../../../lib/selection';
import { useServerTimeZone } from '../../../lib/server-time-zone';
import { ORDER_MESSAGES, ORDER_TABLE_MESSAGES as TEXT } from '../messages';
import { isOverdue, sessionBadge } from '../utils/session-status';

interface OrdersTableProps {
  sessions: SessionListItem[];
  /** With several active sites the table names each order's site and client. */
  showSite: boolean;
  busyId: number | undefined;
  /** Orders chosen for a bulk change, on this page or others. */
  selected: ReadonlySet<number>;
  onSelect: (session: SessionListItem) => void;
  onSelectPage: () => void;
  onClose: (session: SessionListItem) => void;
  onDelete: (session: SessionListItem) => void;
  onDownloadReport: (session: SessionListItem) => void;
}

/** The office's orders as rows to compare and select (the cards' facts, one line each); cards on a phone. */
export function OrdersTable({
  sessions,
  showSite,
  busyId,
  selected,
  onSelect,
  onSelectPage,
  onClose,
  onDelete,
  onDownloadReport,
}: OrdersTableProps) {
  const { pathname, search } = useLocation();
  // A site without a zone of its own reads in the server's, as on the cards.
  const serverTimeZone = useServerTimeZone();
  const { columns } = TEXT;
  return (
    <div className="orders-table">
      <DataTable
        caption={TEXT.caption}
        columns={[
          columns.order,
          columns.scheduled,
          ...(showSite ? [columns.site, columns.client] : []),
          columns.technician,
          columns.status,
          columns.progress,
        ]}
        selectionHead={
          // The words show on phones only, where the column headings are hidden and the rows are cards.
          <label className="select-page">
            <TriStateCheckbox
              ariaLabel={TEXT.selectPage}
              state={selectionState(
                sessions.map((session) => session.id),
                selected,
              )}
              onToggle={onSelectPage}
            />
            <span className="select-page__text" aria-hidden="true">
              {TEXT.selectPageShort}
            </span>
          </label>
        }
      >
        {sessions.map((session) => {
          const badge = sessionBadge(session);
          const percent = progressPercent(session.completedCount, session.itemCount);
          const busy = busyId === session.id;
          return (
            <tr key={session.id}>
              <td className="data-table__select">
                {/* The label is the 44 px target around the box; the box itself keeps its size. */}
                <label className="tap-target">
                  <input
                    type="checkbox"
                    checked={selected.has(session.id)}
                    onChange={() => onSelect(session)}
                    aria-label={TEXT.selectOne(session.id)}
                  />
                </label>
              </td>
              <th scope="row" className="data-table__primary">
                <Link
                  to={`/admin/sessions/${session.id}`}
                  state={{ list: `${pathname}${search}` }}
                  className="order-card__link"
                >
                  {/* The heading says «Orden»: the number alone is seen, the whole name is heard. */}
                  <span className="visually-hidden">Orden </span>#{session.id}
                </Link>
              </th>
              <td data-label={columns.scheduled}>
                <span>
                  {session.scheduledAt
                    ? formatDateTimeIn(session.scheduledAt, session.site.timeZone ?? serverTimeZone)
                    : TEXT.unscheduled}
                  {isOverdue(session) ? <span className="order-card__overdue">{ORDER_MESSAGES.overdue}</span> : null}
                </span>
              </td>
              {showSite ? (
                <>
                  <td data-label={columns.site}>{session.site.name}</td>
                  <td data-label={columns.client}>
                    {session.site.client ?? <span className="muted">{TEXT.noClient}</span>}
                  </td>
                </>
              ) : null}
              <td data-label={columns.technician}>{session.technician.fullName}</td>
              <td data-label={columns.status}>
                <StatusBadge tone={badge.tone}>{badge.label}</StatusBadge>
              </td>
              <td data-label={columns.progress} className="orders-table__progress">
                <div className="orders-table__progress-value">
                  <span>{TEXT.progress(session.completedCount, session.itemCount)}</span>
                  <ProgressBar percent={percent} label={`Progreso de la orden #${session.id}`} />
                </div>
              </td>
              <td className="data-table__actions">
                {session.status === 'COMPLETED' ? (
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => onDownloadReport(session)}
                    disabled={busy}
                    aria-label={`Descargar reporte PDF de la orden #${session.id}`}
                  >
                    Reporte PDF
                  </button>
                ) : (
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => onClose(session)}
                    disabled={busy}
                    aria-label={`Cerrar orden #${session.id}`}
                  >
                    Cerrar
                  </button>
                )}
                {/* Only an order nobody started is deleted: one in progress holds inspections, a closed one its certificate. */}
                {session.status === 'PENDING' ? (
                  <button
                    type="button"
                    className="button button--ghost-danger button--small"
                    onClick={() => onDelete(session)}
                    disabled={busy}
                    aria-label={`Eliminar orden #${session.id}`}
                  >
                    Eliminar
                  </button>
                ) : null}
              </td>
            </tr>
          );
        })}
      </DataTable>
    </div>
  );
}
