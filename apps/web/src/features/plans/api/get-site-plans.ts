import type { Plan } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A site's plans, each with how many devices stand on it. */
export function getSitePlans(siteId: number, signal?: AbortSignal): Promise<Plan[]> {
  return apiRequest<Plan[]>(`/sites/${siteId}/plans`, { signal });
}

export function useSitePlans(siteId: number) {
  return useQuery({ queryKey: queryKeys.sitePlans(siteId), queryFn: ({ signal }) => getSitePlans(siteId, signal) });
}
