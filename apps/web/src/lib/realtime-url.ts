import { SESSIONS_NAMESPACE } from '@rondin/contracts/realtime';
import { API_BASE } from './api-client';

/**
 * Spec section 7: the namespace lives under the API base with its trailing '/api' removed. The app is
 * served by the API's own process, so with the default base this is '/sessions' on the page's origin.
 */
export function realtimeUrl(apiBase: string = API_BASE): string {
  return `${apiBase.replace(/\/api\/?$/, '')}${SESSIONS_NAMESPACE}`;
}
