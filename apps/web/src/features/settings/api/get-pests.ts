import type { Pest } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The whole catalogue, inactive entries too (all=true: administrators only), by group then name. */
export function getPests(signal?: AbortSignal): Promise<Pest[]> {
  return apiRequest<Pest[]>('/pests?all=true', { signal });
}

export function usePests() {
  return useQuery({ queryKey: queryKeys.pests, queryFn: ({ signal }) => getPests(signal) });
}
