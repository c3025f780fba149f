import type { Trap } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** One trap's data, for its detail screen. */
export function getTrap(id: number, signal?: AbortSignal): Promise<Trap> {
  return apiRequest<Trap>(`/traps/${id}`, { signal });
}

export function useTrap(id: number) {
  return useQuery({ queryKey: queryKeys.trap(id), queryFn: ({ signal }) => getTrap(id, signal) });
}
