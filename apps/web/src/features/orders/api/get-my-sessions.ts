import type { Session } from '@rondin/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Spec section 9: the technician's list refreshes every 10 seconds. */
export const MY_SESSIONS_REFRESH_MS = 10_000;

/** Every order assigned to the signed-in user, newest first, completed ones included. */
export function getMySessions(signal?: AbortSignal): Promise<Session[]> {
  return apiRequest<Session[]>('/sessions/me', { signal });
}

/**
 * A phone left on a shelf must still show new orders when picked up: this list polls in the background and
 * refetches on focus, overriding the app-wide no-refetch-on-focus default for this query only.
 */
export const mySessionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.mySessions,
    queryFn: ({ signal }) => getMySessions(signal),
    refetchInterval: MY_SESSIONS_REFRESH_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
  });

export function useMySessions() {
  return useQuery(mySessionsQueryOptions());
}
