import './orders.css';
import type { Session, Technician } from '@rondin/contracts';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { QueryState } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { formatDateTimeIn, progressPercent } from '../../../lib/format';
import { useSiteTimeZone } from '../../../lib/server-time-zone';
import { useOfficeClose } from '../api/close-session';
import { MissingFindingsConfirm } from './missing-findings-confirm';
import { useDeleteSession } from '../api/delete-session';
import { useSession } from '../api/get-session';
import { useDownloadSessionReport } from '../api/get-session-report';
import { useUpdateSession } from '../api/update-session';
import { ORDER_DETAIL_MESSAGES as TEXT, ORDER_MESSAGES } from '../messages';
import { closeDecision, isOverdue, sessionBadge } from '../utils/session-status';
import { OrderItems } from './order-items';
import { ReassignOrderDialog } from './reassign-order-dialog';
import { RescheduleOrderDialog } from './reschedule-order-dialog';

interface TechniciansState {
  /** Every account (a few hundred at most), loaded by the route from the technicians feature. */
  list: readonly Technician[];
  failed: boolean;
  retry: () => void;
}

interface OrderDetailViewProps {
  id: number;
  technicians: TechniciansState;
  /** Where 'Volver a órdenes' and a deletion lead: the list as it was left, filters and page included. */
  listPath: string;
  /** Under a closed order's facts: its certificate (composed by the route, from the certificates feature). */
  closedDetails?: ((session: Session) => ReactNode) | undefined;
}

type Dialog = 'close' | 'delete' | 'reassign' | 'reschedule' | null;

/**
 * One order as the office sees it (/admin/sessions/{id}): who has it and when, how far along, each trap with its
 * state, time and inspector, and what can be done with it: close (spec rules), delete, download the report, and
 * while it is open move it to another technician or time.
 */
export function OrderDetailView({ id, technicians, listPath, closedDetails }: OrderDetailViewProps) {
  const session = useSession(id);
  const notFound = session.error instanceof ApiError && session.error.status === 404 && !session.data;
  return (
    <div className="order-detail">
      <Link to={listPath} className="button button--ghost order-detail__back">
        {TEXT.back}
      </Link>
      {session.data ? null : <h1 className="page-title">{TEXT.title(id)}</h1>}
      {notFound ? (
        <div className="state state--empty" role="alert">
          <p>
            <strong>{TEXT.notFound}</strong>
          </p>
          <p>{TEXT.notFoundHint}</p>
        </div>
      ) : (
        <QueryState
          isPending={session.isPending}
          isError={session.isError && !session.data}
          error={session.error}
          loadingText={TEXT.loading}
          errorText={TEXT.loadFailed}
          onRetry={() => void session.refetch()}
        >
          {session.data ? (
            <OrderDetail
              session={session.data}
              technicians={technicians}
              listPath={listPath}
              closedDetails={closedDetails}
            />
          ) : null}
        </QueryState>
      )}
    </div>
  );
}

function OrderDetail({
  session,
  technicians,
  listPath,
  closedDetails,
}: {
  session: Session;
  technicians: TechniciansState;
  listPath: string;
  closedDetails: OrderDetailViewProps['closedDetails'];
}) {
  const navigate = useNavigate();
  const deleteSession = useDeleteSession();
  const updateSession = useUpdateSession();
  const downloadReport = useDownloadSessionReport();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const [dialogError, setDialogError] = useState<NoticeMessage | null>(null);
  const timeZone = useSiteTimeZone(session.site);

  const open = session.status !== 'COMPLETED';
  const badge = sessionBadge(session);
  const overdue = isOverdue(session);
  const pending = session.itemCount - session.completedCount;
  const decision = closeDecision(session);
  const closing = useOfficeClose({
    onClosed: () => {
      setDialog(null);
      setNotice({ tone: 'success', text: ORDER_MESSAGES.closed });
    },
    onFailed: (error) => {
      setDialog(null);
      setNotice({ tone: 'error', text: ORDER_MESSAGES.closeFailed, detail: serverMessage(error) });
    },
  });
  const busy = closing.isPending || deleteSession.isPending || updateSession.isPending;

  function openDialog(next: Dialog) {
    setDialogError(null);
    setDialog(next);
  }

  function close(force: boolean) {
    setNotice(null);
    closing.close(session.id, force);
  }

  function askClose() {
    if (decision.force) openDialog('close');
    else close(false);
  }

  function remove() {
    setNotice(null);
    deleteSession.mutate(session.id, {
      onSuccess: () =>
        navigate(listPath, { state: { notice: { tone: 'success', text: ORDER_MESSAGES.deleted(session.id) } } }),
      onError: (error) => {
        setDialog(null);
        setNotice({ tone: 'error', text: ORDER_MESSAGES.deleteFailed, detail: serverMessage(error) });
      },
    });
  }

  function reassign(technician: Technician) {
    setDialogError(null);
    updateSession.mutate(
      { id: session.id, technicianId: technician.id },
      {
        onSuccess: () => {
          setDialog(null);
          setNotice({ tone: 'success', text: TEXT.reassigned(session.id, technician.fullName) });
        },
        onError: (error) => setDialogError({ tone: 'error', text: TEXT.reassignFailed, detail: serverMessage(error) }),
      },
    );
  }

  function reschedule(scheduledAt: string | null) {
    setDialogError(null);
    updateSession.mutate(
      { id: session.id, scheduledAt },
      {
        onSuccess: () => {
          setDialog(null);
          setNotice({
            tone: 'success',
            text: scheduledAt
              ? TEXT.rescheduled(session.id, formatDateTimeIn(scheduledAt, timeZone))
              : TEXT.unscheduled(session.id),
          });
        },
        onError: (error) =>
          setDialogError({ tone: 'error', text: TEXT.rescheduleFailed, detail: serverMessage(error) }),
      },
    );
  }

  function report() {
    setNotice(null);
    downloadReport.mutate(session.id, {
      onError: (error) => setNotice({ tone: 'error', text: ORDER_MESSAGES.reportFailed, detail: serverMessage(error) }),
    });
  }

  const percent = progressPercent(session.completedCount, session.itemCount);
  return (
    <>
      <header className="order-detail__header">
        <div className="order-detail__heading">
          <h1 className="page-title">{TEXT.title(session.id)}</h1>
          <StatusBadge tone={badge.tone}>{badge.label}</StatusBadge>
          {overdue ? <StatusBadge tone="danger">{ORDER_MESSAGES.overdue}</StatusBadge> : null}
        </div>
        <div className="order-detail__actions" role="group" aria-label={TEXT.actions}>
          {open ? (
            <>
              <button type="button" className="button button--primary" onClick={askClose} disabled={busy}>
                {TEXT.close}
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => openDialog('reassign')}
                disabled={busy}
              >
                {TEXT.reassign}
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => openDialog('reschedule')}
                disabled={busy}
              >
                {TEXT.reschedule}
              </button>
            </>
          ) : (
            <button
              type="button"
              className="button button--primary"
              onClick={report}
              disabled={busy || downloadReport.isPending}
            >
              {TEXT.report}
            </button>
          )}
          {/* Only an order nobody started is deleted: one in progress holds inspections, a closed one its certificate. */}
          {session.status === 'PENDING' ? (
            <button
              type="button"
              className="button button--ghost-danger"
              onClick={() => openDialog('delete')}
              disabled={busy}
            >
              {TEXT.remove}
            </button>
          ) : null}
        </div>
      </header>
      {notice ? <Notice notice={notice} onDismiss={() => setNotice(null)} /> : null}

      <section className="order-detail__summary" aria-label={TEXT.facts}>
        <dl className="order-facts">
          <div>
            <dt>{TEXT.site}</dt>
            <dd>
              <Link to={`/admin/sites/${session.site.id}`}>{session.site.name}</Link>
              {session.site.address ? <span className="order-facts__detail">{session.site.address}</span> : null}
            </dd>
          </div>
          {session.site.client ? (
            <div>
              <dt>{TEXT.client}</dt>
              <dd>{session.site.client}</dd>
            </div>
          ) : null}
          <div>
            <dt>{TEXT.technician}</dt>
            <dd>{session.technician.fullName}</dd>
          </div>
          <div>
            <dt>{TEXT.scheduled}</dt>
            <dd>{session.scheduledAt ? formatDateTimeIn(session.scheduledAt, timeZone) : 'Sin fecha programada'}</dd>
          </div>
          <div>
            <dt>{TEXT.created}</dt>
            <dd>{formatDateTimeIn(session.createdAt, timeZone)}</dd>
          </div>
          <div>
            <dt>{TEXT.started}</dt>
            <dd>{session.startedAt ? formatDateTimeIn(session.startedAt, timeZone) : TEXT.notStarted}</dd>
          </div>
          {session.closedAt ? (
            <>
              <div>
                <dt>{TEXT.closed}</dt>
                <dd>{formatDateTimeIn(session.closedAt, timeZone)}</dd>
              </div>
              <div>
                <dt>{TEXT.closedBy}</dt>
                <dd>{session.closedBy?.fullName ?? '—'}</dd>
              </div>
              <div>
                <dt>{TEXT.closing}</dt>
                <dd>{session.forceClosed ? TEXT.forced(pending) : TEXT.notForced}</dd>
              </div>
            </>
          ) : null}
        </dl>
        <div className="order-detail__progress">
          <div className="order-card__progress-label">
            <span>{TEXT.progress(session.completedCount, session.itemCount)}</span>
            <span className="muted">{percent} %</span>
          </div>
          <ProgressBar percent={percent} label={`Progreso de la orden #${session.id}`} />
        </div>
      </section>

      {!open && closedDetails ? closedDetails(session) : null}

      <OrderItems items={session.items} timeZone={timeZone} />

      {dialog === 'close' && decision.force && !closing.missing ? (
        <ConfirmDialog
          title={`Cerrar orden #${session.id}`}
          message={decision.confirm}
          confirmLabel="Cerrar orden"
          tone="primary"
          busy={closing.isPending}
          onConfirm={() => close(true)}
          onCancel={() => setDialog(null)}
        />
      ) : null}
      {closing.missing ? (
        <MissingFindingsConfirm
          missing={closing.missing}
          busy={closing.isPending}
          onConfirm={closing.closeWithNoNews}
          onCancel={() => {
            closing.keepOpen();
            setDialog(null);
          }}
        />
      ) : null}
      {dialog === 'delete' ? (
        <ConfirmDialog
          title={`Eliminar orden #${session.id}`}
          message={ORDER_MESSAGES.confirmDelete}
          confirmLabel="Eliminar"
          busy={deleteSession.isPending}
          onConfirm={remove}
          onCancel={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'reassign' ? (
        <ReassignOrderDialog
          session={session}
          technicians={technicians.list}
          techniciansFailed={technicians.failed}
          onRetryTechnicians={technicians.retry}
          saving={updateSession.isPending}
          error={dialogError}
          onSubmit={reassign}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'reschedule' ? (
        <RescheduleOrderDialog
          session={session}
          timeZone={timeZone}
          saving={updateSession.isPending}
          error={dialogError}
          onSubmit={reschedule}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </>
  );
}
