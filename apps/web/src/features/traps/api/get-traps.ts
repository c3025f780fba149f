import type { Trap } from '@rondin/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getTraps(signal?: AbortSignal): Promise<Trap[]> {
  return apiRequest<Trap[]>('/traps', { signal });
}

export const trapsQueryOptions = () => queryOptions({ queryKey: queryKeys.traps, queryFn: ({ signal }) => getTraps(signal) });

export function useTraps() {
  return useQuery(trapsQueryOptions());
}
