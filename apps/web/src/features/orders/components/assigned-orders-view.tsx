import './assigned-orders.css';
import type { SessionSummary } from '@rondin/contracts';
import { useMemo, useState } from 'react';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { useServerTimeZone } from '../../../lib/server-time-zone';
import { useMyCompletedSessions, useRefreshCompletedOnClose } from '../api/get-my-completed-sessions';
import { useMyOpenSessions } from '../api/get-my-open-sessions';
import { useDownloadSessionReport } from '../api/get-session-report';
import { ASSIGNED_ORDER_MESSAGES as TEXT } from '../messages';
import { sortOpenOrders } from '../utils/assigned-orders';
import { AssignedOrderCard } from './assigned-order-card';
import { CompletedOrdersSection } from './completed-orders-section';

const NO_WAITING_SCANS: ReadonlyMap<number, ReadonlySet<string>> = new Map();

interface AssignedOrdersViewProps {
  /**
   * Each order's scans waiting on the phone (order id → their qrHash), from the offline queue: the route passes
   * them in, as it does to the scan screen, so a card counts those traps as done exactly as that screen does.
   */
  unsentQrHashes?: ReadonlyMap<number, ReadonlySet<string>>;
}

/**
 * Spec section 2, 'Órdenes asignadas': open orders first (polled, with their items), the overdue ones on top
 * and flagged, then the completed ones with their reports, a page at a time.
 */
export function AssignedOrdersView({ unsentQrHashes = NO_WAITING_SCANS }: AssignedOrdersViewProps) {
  const open = useMyOpenSessions();
  const [completedPages, setCompletedPages] = useState(1);
  const completed = useMyCompletedSessions(completedPages);
  useRefreshCompletedOnClose(open.data);
  const downloadReport = useDownloadSessionReport();
  const serverTimeZone = useServerTimeZone();
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const openOrders = useMemo(() => sortOpenOrders(open.data ?? []), [open.data]);

  function report(session: SessionSummary) {
    setNotice(null);
    downloadReport.mutate(session.id, { onError: () => setNotice({ tone: 'error', text: TEXT.reportFailed }) });
  }

  const downloading = (session: SessionSummary) => downloadReport.isPending && downloadReport.variables === session.id;

  return (
    <>
      <PageHeader title={TEXT.title} subtitle={TEXT.subtitle} />
      {notice ? <Notice notice={notice} onDismiss={() => setNotice(null)} /> : null}
      <QueryState
        isPending={open.isPending}
        // A failed refresh keeps the list already on screen (the offline bar says when it is the saved copy).
        isError={open.isError && open.data === undefined}
        isEmpty={false}
        loadingText={TEXT.loading}
        errorText={TEXT.loadFailed}
        emptyText={TEXT.empty}
        onRetry={() => void open.refetch()}
      >
        <section className="assigned-section" aria-labelledby="assigned-open-title">
          <h2 id="assigned-open-title" className="assigned-section__title">
            Por completar <span className="assigned-section__count">{openOrders.length}</span>
          </h2>
          {openOrders.length === 0 ? (
            <p className="state state--empty">{TEXT.empty}</p>
          ) : (
            <ul className="assigned-grid">
              {openOrders.map((session) => (
                <li key={session.id}>
                  <AssignedOrderCard
                    session={session}
                    serverTimeZone={serverTimeZone}
                    unsentQrHashes={unsentQrHashes.get(session.id)}
                    downloading={downloading(session)}
                    onDownloadReport={report}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
        <CompletedOrdersSection
          completed={completed}
          onMore={() => setCompletedPages((pages) => pages + 1)}
          renderCard={(session) => (
            <AssignedOrderCard
              session={session}
              serverTimeZone={serverTimeZone}
              downloading={downloading(session)}
              onDownloadReport={report}
            />
          )}
        />
      </QueryState>
    </>
  );
}
