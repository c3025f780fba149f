import type { SessionSummary } from '@rondin/contracts';
import { useEffect, useRef, type ReactNode } from 'react';
import { ListSummary } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import type { CompletedOrders } from '../api/get-my-completed-sessions';
import { ASSIGNED_ORDER_MESSAGES as TEXT } from '../messages';

interface CompletedOrdersSectionProps {
  completed: CompletedOrders;
  /** Asks for the next page, appended below the ones on screen. */
  onMore: () => void;
  renderCard: (session: SessionSummary) => ReactNode;
}

/**
 * The technician's completed orders, counted by the server, ten at a time with 'Ver más' below them: on a
 * phone, scrolling on beats turning pages. Hidden when there are none. After each new page focus moves to
 * its first card, and the live summary says how many of how many are shown.
 */
export function CompletedOrdersSection({ completed, onMore, renderCard }: CompletedOrdersSectionProps) {
  const list = useRef<HTMLUListElement>(null);
  /** Where the page asked for with 'Ver más' starts, until its first card has taken focus. */
  const focusFrom = useRef<number | null>(null);
  const { orders, total, loadingMore, moreFailed, hasMore } = completed;

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || loadingMore || orders.length <= from) return;
    focusFrom.current = null;
    list.current?.children[from]?.querySelector<HTMLElement>('article')?.focus();
  }, [orders.length, loadingMore]);

  function more() {
    if (loadingMore) return;
    if (moreFailed) {
      completed.retry();
      return;
    }
    focusFrom.current = orders.length;
    onMore();
  }

  if (total === 0) return null;
  return (
    <section className="assigned-section" aria-labelledby="assigned-completed-title">
      <h2 id="assigned-completed-title" className="assigned-section__title">
        {TEXT.completedTitle} {total === undefined ? null : <span className="assigned-section__count">{total}</span>}
      </h2>
      <QueryState
        isPending={completed.isPending}
        isError={completed.isError}
        loadingText={TEXT.completedLoading}
        errorText={TEXT.completedLoadFailed}
        onRetry={completed.retry}
      >
        <ul ref={list} className="assigned-grid">
          {orders.map((session) => (
            <li key={session.id}>{renderCard(session)}</li>
          ))}
        </ul>
        <div className="assigned-more">
          <ListSummary
            shown={total === undefined || orders.length === 0 ? undefined : { page: 1, pageSize: orders.length, total }}
            noun={TEXT.completedNoun}
          />
          {moreFailed ? (
            <p className="assigned-more__error" role="alert">
              {TEXT.completedMoreFailed}
            </p>
          ) : null}
          {hasMore || loadingMore || moreFailed ? (
            <button
              type="button"
              className="button button--secondary button--large"
              aria-disabled={loadingMore}
              onClick={more}
            >
              {loadingMore ? TEXT.completedLoadingMore : moreFailed ? TEXT.retry : TEXT.completedMore}
            </button>
          ) : null}
        </div>
      </QueryState>
    </section>
  );
}
