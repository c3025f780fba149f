import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api-client';
import { QueryState } from './query-state';

interface RecordQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: unknown;
  refetch: () => Promise<unknown>;
}

/**
 * The states of a screen about one record (a site, a plan): loading, failed, or gone (404: deleted since the
 * link was made, said plainly instead of as a failure). Data already on screen stays when a later read fails.
 */
export function RecordState({
  query,
  texts,
  children,
}: {
  query: RecordQuery;
  texts: { loading: string; loadFailed: string; notFound: string; notFoundHint: string };
  children: ReactNode;
}) {
  const shown = query.data !== undefined;
  if (query.error instanceof ApiError && query.error.status === 404 && !shown) {
    return (
      <div className="state state--empty" role="alert">
        <p>
          <strong>{texts.notFound}</strong>
        </p>
        <p>{texts.notFoundHint}</p>
      </div>
    );
  }
  return (
    <QueryState
      isPending={query.isPending}
      isError={query.isError && !shown}
      error={query.error}
      loadingText={texts.loading}
      errorText={texts.loadFailed}
      onRetry={() => void query.refetch()}
    >
      {children}
    </QueryState>
  );
}
