import { useQueryClient } from '@tanstack/react-query';
import { useServerReachable } from '../../lib/connectivity';

export const CONNECTION_MESSAGES = {
  offline: 'Sin conexión con el servidor.',
  offlineDetail: 'Lo que ves puede no estar al día, y nada se guardará hasta que vuelva la conexión.',
  retry: 'Reintentar',
} as const;

/**
 * Above the office screens while the server cannot be reached (the browser is offline, or the last request got
 * no answer): says it once for the whole screen, instead of leaving each list and button to fail in silence.
 * 'Reintentar' reads the screen's lists again; any answer hides the notice.
 */
export function ConnectionNotice() {
  const reachable = useServerReachable();
  const queryClient = useQueryClient();
  if (reachable) return null;
  return (
    <div className="notice notice--error connection-notice" role="alert">
      <div className="notice__body">
        <p className="notice__text">{CONNECTION_MESSAGES.offline}</p>
        <p className="notice__detail">{CONNECTION_MESSAGES.offlineDetail}</p>
      </div>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => void queryClient.refetchQueries({ type: 'active' })}
      >
        {CONNECTION_MESSAGES.retry}
      </button>
    </div>
  );
}
