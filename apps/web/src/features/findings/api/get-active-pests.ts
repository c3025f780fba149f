import type { Pest } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The active pests, what a finding can name (GET /api/pests, open to technicians). */
export const activePestsQuery = {
  queryKey: queryKeys.activePests,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiRequest<Pest[]>('/pests', { signal }),
  // The catalogue changes seldom: read it again once an hour at most.
  staleTime: 60 * 60 * 1000,
};

export function useActivePests() {
  return useQuery(activePestsQuery);
}
