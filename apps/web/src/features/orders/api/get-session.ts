import type { Session } from '@rondin/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** One order with every item, its trap, state, time and who inspected it (the office's order detail). */
export function getSession(id: number, signal?: AbortSignal): Promise<Session> {
  return apiRequest<Session>(`/sessions/${id}`, { signal });
}

export const sessionQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.session(id), queryFn: ({ signal }) => getSession(id, signal) });

export function useSession(id: number) {
  return useQuery(sessionQueryOptions(id));
}
