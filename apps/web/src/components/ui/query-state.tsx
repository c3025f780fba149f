import { Loading } from './loading';
import type { ReactNode } from 'react';

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
  loadingText: string;
  errorText: string;
  onRetry: () => void;
  children: ReactNode;
};

/** The three states every list screen shares before it has rows to show. */
export function QueryState({ isPending, isError, isEmpty = false, loadingText, errorText, emptyText, emptyAction, onRetry, children }: QueryStateProps) {
  if (isPending) {
    return <Loading text={loadingText} />;
  }
  if (isError) {
    return (
      <div className="state state--error" role="alert">
        <p>{errorText}</p>
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
