import './assigned-orders.css';
import type { Session } from '@rondin/contracts';
import { useState } from 'react';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { useMySessions } from '../api/get-my-sessions';
import { useDownloadSessionReport } from '../api/get-session-report';
import { ASSIGNED_ORDER_MESSAGES as TEXT } from '../messages';
import { splitAssignedOrders } from '../utils/assigned-orders';
import { AssignedOrderCard } from './assigned-order-card';

/** Spec section 2, 'Órdenes asignadas': open orders first, then the completed ones with their reports. */
export function AssignedOrdersView() {
  const sessions = useMySessions();
  const downloadReport = useDownloadSessionReport();
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const { open, completed } = splitAssignedOrders(sessions.data ?? []);

  function report(session: Session) {
    setNotice(null);
    downloadReport.mutate(session.id, { onError: () => setNotice({ tone: 'error', text: TEXT.reportFailed }) });
  }

  const card = (session: Session) => (
    <li key={session.id}>
      <AssignedOrderCard
        session={session}
        downloading={downloadReport.isPending && downloadReport.variables === session.id}
        onDownloadReport={report}
      />
    </li>
  );

  return (
    <>
      <PageHeader title={TEXT.title} subtitle={TEXT.subtitle} />
      {notice ? <Notice notice={notice} onDismiss={() => setNotice(null)} /> : null}
      <QueryState
        isPending={sessions.isPending}
        isError={sessions.isError}
        isEmpty={false}
        loadingText={TEXT.loading}
        errorText={TEXT.loadFailed}
        emptyText={TEXT.empty}
        onRetry={() => void sessions.refetch()}
      >
        <section className="assigned-section" aria-labelledby="assigned-open-title">
          <h2 id="assigned-open-title" className="assigned-section__title">
            Por completar <span className="assigned-section__count">{open.length}</span>
          </h2>
          {open.length === 0 ? <p className="state state--empty">{TEXT.empty}</p> : <ul className="assigned-grid">{open.map(card)}</ul>}
        </section>
        {completed.length > 0 ? (
          <section className="assigned-section" aria-labelledby="assigned-completed-title">
            <h2 id="assigned-completed-title" className="assigned-section__title">
              {TEXT.completedTitle} <span className="assigned-section__count">{completed.length}</span>
            </h2>
            <ul className="assigned-grid">{completed.map(card)}</ul>
          </section>
        ) : null}
      </QueryState>
    </>
  );
}
