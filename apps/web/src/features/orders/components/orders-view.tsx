import './orders.css';
import type { CreateSessionBody, Session, Technician, Trap } from '@rondin/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { useCloseSession } from '../api/close-session';
import { useCreateSession } from '../api/create-session';
import { useDeleteSession } from '../api/delete-session';
import { useDownloadSessionReport } from '../api/get-session-report';
import { useSessions } from '../api/get-sessions';
import { ORDER_MESSAGES } from '../messages';
import { closeDecision } from '../utils/session-status';
import { CreateOrderModal } from './create-order-modal';
import { OrderCard } from './order-card';

type Pending = { kind: 'close'; session: Session; message: string } | { kind: 'delete'; session: Session };

interface OrdersViewProps {
  /** Technicians and traps for the create dialog, loaded by the route from their own features. */
  technicians: readonly Technician[];
  traps: readonly Trap[];
}

export function OrdersView({ technicians, traps }: OrdersViewProps) {
  const sessions = useSessions();
  const createSession = useCreateSession();
  const closeSession = useCloseSession();
  const deleteSession = useDeleteSession();
  const downloadReport = useDownloadSessionReport();
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);

  const list = sessions.data ?? [];
  const count = list.length;

  function create(body: CreateSessionBody) {
    setCreateError(null);
    createSession.mutate(body, {
      onSuccess: (session) => {
        setCreating(false);
        setNotice({ tone: 'success', text: ORDER_MESSAGES.created(session.id) });
      },
      onError: () => setCreateError(ORDER_MESSAGES.createFailed),
    });
  }

  function close(session: Session, force: boolean) {
    setNotice(null);
    closeSession.mutate(
      { id: session.id, force },
      {
        onSuccess: () => setNotice({ tone: 'success', text: ORDER_MESSAGES.closed }),
        onError: () => setNotice({ tone: 'error', text: ORDER_MESSAGES.closeFailed }),
        onSettled: () => setPending(null),
      },
    );
  }

  function askClose(session: Session) {
    const decision = closeDecision(session);
    if (decision.force) setPending({ kind: 'close', session, message: decision.confirm });
    else close(session, false);
  }

  function remove(session: Session) {
    setNotice(null);
    deleteSession.mutate(session.id, {
      onSuccess: () => setNotice({ tone: 'success', text: ORDER_MESSAGES.deleted(session.id) }),
      onError: () => setNotice({ tone: 'error', text: ORDER_MESSAGES.deleteFailed }),
      onSettled: () => setPending(null),
    });
  }

  function report(session: Session) {
    setNotice(null);
    downloadReport.mutate(session.id, { onError: () => setNotice({ tone: 'error', text: ORDER_MESSAGES.reportFailed }) });
  }

  const busyId = [closeSession.isPending && closeSession.variables?.id, deleteSession.isPending && deleteSession.variables, downloadReport.isPending && downloadReport.variables].find(
    (id): id is number => typeof id === 'number',
  );

  return (
    <>
      <PageHeader
        title="Órdenes"
        subtitle={sessions.isSuccess ? `${count} ${count === 1 ? 'orden registrada' : 'órdenes registradas'}` : 'Órdenes de inspección asignadas a técnicos'}
        actions={
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setCreateError(null);
              setCreating(true);
            }}
          >
            + Crear orden
          </button>
        }
      />
      {notice ? <Notice notice={notice} onDismiss={() => setNotice(null)} /> : null}
      <QueryState
        isPending={sessions.isPending}
        isError={sessions.isError}
        isEmpty={count === 0}
        loadingText={ORDER_MESSAGES.loading}
        errorText={ORDER_MESSAGES.loadFailed}
        emptyText={ORDER_MESSAGES.empty}
        onRetry={() => void sessions.refetch()}
      >
        <div className="order-grid">
          {list.map((session) => (
            <OrderCard
              key={session.id}
              session={session}
              busy={busyId === session.id}
              onClose={askClose}
              onDelete={(target) => setPending({ kind: 'delete', session: target })}
              onDownloadReport={report}
            />
          ))}
        </div>
      </QueryState>
      {creating ? (
        <CreateOrderModal
          technicians={technicians}
          traps={traps}
          saving={createSession.isPending}
          error={createError}
          onSubmit={create}
          onClose={() => setCreating(false)}
        />
      ) : null}
      {pending?.kind === 'close' ? (
        <ConfirmDialog
          title={`Cerrar orden #${pending.session.id}`}
          message={pending.message}
          confirmLabel="Cerrar orden"
          tone="primary"
          busy={closeSession.isPending}
          onConfirm={() => close(pending.session, true)}
          onCancel={() => setPending(null)}
        />
      ) : null}
      {pending?.kind === 'delete' ? (
        <ConfirmDialog
          title={`Eliminar orden #${pending.session.id}`}
          message={ORDER_MESSAGES.confirmDelete}
          confirmLabel="Eliminar"
          busy={deleteSession.isPending}
          onConfirm={() => remove(pending.session)}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </>
  );
}
