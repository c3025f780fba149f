import type { Session } from '@rondin/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Every order, newest first as the server sends them (administrators only). */
export function getSessions(signal?: AbortSignal): Promise<Session[]> {
  return apiRequest<Session[]>('/sessions', { signal });
}

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.sessionList, queryFn: ({ signal }) => getSessions(signal) });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
