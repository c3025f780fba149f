import type { Page } from '@rondin/contracts';
import { useEffect, type ReactNode } from 'react';
import { ListSummary, pageCount, Pagination, usePageFocus } from './pagination';
import { QueryState } from './query-state';

interface PagedResultsProps<T> {
  /** The page query (kept on screen while the next one loads: placeholder data). */
  result: {
    data: Page<T> | undefined;
    isPending: boolean;
    isError: boolean;
    error?: unknown;
    isPlaceholderData: boolean;
    refetch: () => unknown;
  };
  page: number;
  pageSize: number;
  setPage: (page: number, options?: { replace?: boolean }) => void;
  /** Whether any filter is in force: the empty text then says nothing matched, and offers to clear them. */
  filtered: boolean;
  onClearFilters: () => void;
  texts: { loading: string; loadFailed: string; empty: string; noMatch: string };
  /** What is counted, singular and plural. */
  noun: readonly [string, string];
  /** The page navigation's accessible name. */
  pagesLabel: string;
  /** Beside the position line (a selection's actions). */
  status?: ReactNode;
  bodyClassName?: string;
  children: (items: T[]) => ReactNode;
}

/**
 * A server-paged list: the position line (a live region), the loading, error and empty states, the rows, and
 * 'Anterior'/'Siguiente'. After a page change focus moves to the position line; a page past the end (its last
 * row deleted, an old link) gives way to the last page that has rows.
 */
export function PagedResults<T>(props: PagedResultsProps<T>) {
  const {
    result,
    page,
    pageSize,
    setPage,
    filtered,
    onClearFilters,
    texts,
    noun,
    pagesLabel,
    status,
    bodyClassName,
    children,
  } = props;
  const shown = result.data;
  const current = shown !== undefined && !result.isPlaceholderData;
  const { target, turnPage } = usePageFocus<HTMLParagraphElement>(page, current);

  useEffect(() => {
    if (current && shown.items.length === 0 && shown.total > 0)
      setPage(pageCount(shown.total, pageSize), { replace: true });
  }, [current, shown, pageSize, setPage]);

  return (
    <>
      <div className="list-status">
        <ListSummary ref={target} shown={shown} noun={noun} />
        {status}
      </div>
      <QueryState
        isPending={result.isPending}
        isError={result.isError}
        error={result.error}
        isEmpty={shown?.total === 0}
        loadingText={texts.loading}
        errorText={texts.loadFailed}
        emptyText={filtered ? texts.noMatch : texts.empty}
        emptyAction={
          filtered ? (
            <button type="button" className="button button--secondary" onClick={onClearFilters}>
              Limpiar filtros
            </button>
          ) : null
        }
        onRetry={() => void result.refetch()}
      >
        {shown ? (
          <>
            <div
              className={`list-body${bodyClassName ? ` ${bodyClassName}` : ''}`}
              aria-busy={result.isPlaceholderData}
            >
              {children(shown.items)}
            </div>
            <Pagination
              page={page}
              pageSize={pageSize}
              total={shown.total}
              label={pagesLabel}
              onPageChange={(next) => turnPage(() => setPage(next))}
            />
          </>
        ) : null}
      </QueryState>
    </>
  );
}
