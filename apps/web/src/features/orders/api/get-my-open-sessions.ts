import type { Session } from '@rondin/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Spec section 9: the technician's list refreshes every 10 seconds. */
export const MY_SESSIONS_REFRESH_MS = 10_000;

/**
 * The signed-in user's orders not completed yet, newest first, each with its items: the technician's work,
 * and what the scan screen needs without signal. Not every order: the completed ones (most of a year's) are
 * read a page at a time, without items (get-my-completed-sessions.ts).
 */
export function getMyOpenSessions(signal?: AbortSignal): Promise<Session[]> {
  return apiRequest<Session[]>('/sessions/me/active', { signal });
}

/**
 * A phone left on a shelf must still show new orders when picked up: this list polls in the background and
 * refetches on focus, overriding the app-wide no-refetch-on-focus default for this query only.
 */
export const myOpenSessionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.myOpenSessions,
    queryFn: ({ signal }) => getMyOpenSessions(signal),
    refetchInterval: MY_SESSIONS_REFRESH_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
  });

export function useMyOpenSessions() {
  return useQuery(myOpenSessionsQueryOptions());
}
