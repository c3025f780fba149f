import type { ServicePlan } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A site's service plans by name (a handful per site). */
export function getServicePlans(siteId: number, signal?: AbortSignal): Promise<ServicePlan[]> {
  return apiRequest<ServicePlan[]>(`/service-plans?siteId=${siteId}`, { signal });
}

export function useServicePlans(siteId: number) {
  return useQuery({
    queryKey: queryKeys.siteServicePlans(siteId),
    queryFn: ({ signal }) => getServicePlans(siteId, signal),
  });
}
