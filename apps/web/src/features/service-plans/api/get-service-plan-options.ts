import type { ServicePlanOptions } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The areas and device types of the site's active devices: what a plan may narrow its visits to. */
export function getServicePlanOptions(siteId: number, signal?: AbortSignal): Promise<ServicePlanOptions> {
  return apiRequest<ServicePlanOptions>(`/service-plans/options?siteId=${siteId}`, { signal });
}

export function useServicePlanOptions(siteId: number) {
  return useQuery({
    queryKey: queryKeys.servicePlanOptions(siteId),
    queryFn: ({ signal }) => getServicePlanOptions(siteId, signal),
  });
}
