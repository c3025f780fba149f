import type { Page } from '@rondin/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListSummary, Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';

interface TrapPagedSectionProps<T> {
  id: string;
  title: string;
  intro?: string;
  /** What the rows are, one and many: «orden», «órdenes». */
  noun: [string, string];
  query: UseQueryResult<Page<T>>;
  texts: { loading: string; failed: string; empty: string };
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  paginationLabel: string;
  /** The table of the page shown. */
  children: (shown: Page<T>) => ReactNode;
}

/** One paged list of the trap's page (its orders, its remote events): title, count, states, table, pages. */
export function TrapPagedSection<T>({
  id,
  title,
  intro,
  noun,
  query,
  texts,
  page,
  pageSize,
  onPageChange,
  paginationLabel,
  children,
}: TrapPagedSectionProps<T>) {
  const shown = query.data;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="trap-detail__section-title">
        {title}
      </h2>
      {intro ? <p className="muted">{intro}</p> : null}
      <div className="list-status">
        <ListSummary shown={shown} noun={noun} />
      </div>
      <QueryState
        isPending={query.isPending}
        isError={query.isError && !shown}
        error={query.error}
        isEmpty={shown?.total === 0}
        emptyText={texts.empty}
        loadingText={texts.loading}
        errorText={texts.failed}
        onRetry={() => void query.refetch()}
      >
        {shown ? (
          <>
            <div className="table-card trap-history" aria-busy={query.isPlaceholderData}>
              {children(shown)}
            </div>
            <Pagination
              page={page}
              pageSize={pageSize}
              total={shown.total}
              label={paginationLabel}
              onPageChange={onPageChange}
            />
          </>
        ) : null}
      </QueryState>
    </section>
  );
}
