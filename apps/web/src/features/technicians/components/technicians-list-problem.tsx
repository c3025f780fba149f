import { serverMessage } from '../../../lib/api-client';
import { TECHNICIAN_MESSAGES } from '../messages';

interface TechniciansListProblemProps {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  onRetry: () => void;
}

/**
 * What another screen shows where it needs the technicians and the list is not there: still loading, or failed
 * and why, with 'Reintentar'. Never 'No hay técnicos activos' for a list that simply did not arrive. Null once
 * the list is loaded.
 */
export function TechniciansListProblem({ isPending, isError, error, onRetry }: TechniciansListProblemProps) {
  if (isError) {
    const reason = serverMessage(error);
    return (
      <div className="notice notice--error" role="alert">
        <div className="notice__body">
          <p className="notice__text">{TECHNICIAN_MESSAGES.loadFailed}</p>
          {reason ? <p className="notice__detail">{reason}</p> : null}
        </div>
        <button type="button" className="button button--secondary button--small" onClick={onRetry}>
          Reintentar
        </button>
      </div>
    );
  }
  if (isPending) {
    return (
      <p className="field-hint" role="status">
        {TECHNICIAN_MESSAGES.loading}
      </p>
    );
  }
  return null;
}
