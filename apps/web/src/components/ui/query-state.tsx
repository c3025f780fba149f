import { Loading } from './loading';
import type { ReactNode } from 'react';
import { serverMessage } from '../../lib/api-client';

/** A list's empty state; a screen that cannot be empty (one order, a report) leaves all three out. */
type EmptyState =
  | {
      isEmpty: boolean;
      emptyText: string;
      /** Offered beside the empty text ('Limpiar filtros' when filters emptied the list). */
      emptyAction?: ReactNode;
    }
  | { isEmpty?: never; emptyText?: never; emptyAction?: never };

type QueryStateProps = EmptyState & {
  isPending: boolean;
  isError: boolean;
  /** The failure, so the error state also says what failed (no connection, no answer in time, the server's words). */
  error?: unknown;
  loadingText: string;
  errorText: string;
  onRetry: () => void;
  children: ReactNode;
};

/** The three states every list screen shares before it has rows to show. */
export function QueryState({
  isPending,
  isError,
  error,
  isEmpty = false,
  loadingText,
  errorText,
  emptyText,
  emptyAction,
  onRetry,
  children,
}: QueryStateProps) {
  if (isPending) {
    return <Loading text={loadingText} />;
  }
  if (isError) {
    const reason = serverMessage(error);
    return (
      <div className="state state--error" role="alert">
        <p>{errorText}</p>
        {reason ? <p className="state__detail">{reason}</p> : null}
        <button type="button" className="button button--secondary" onClick={onRetry}>
          Reintentar
        </button>
      </div>
    );
  }
  if (isEmpty) {
    return (
      <div className="state state--empty">
        <p>{emptyText}</p>
        {emptyAction}
      </div>
    );
  }
  return <>{children}</>;
}
