import { Loading } from './loading';
import type { ReactNode } from 'react';

interface QueryStateProps {
  isPending: boolean;
  isError: boolean;
  isEmpty: boolean;
  loadingText: string;
  errorText: string;
  emptyText: string;
  /** Offered beside the empty text ('Limpiar filtros' when filters emptied the list). */
  emptyAction?: ReactNode;
  onRetry: () => void;
  children: ReactNode;
}

/** The three states every list screen shares before it has rows to show. */
export function QueryState({ isPending, isError, isEmpty, loadingText, errorText, emptyText, emptyAction, onRetry, children }: QueryStateProps) {
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
