import type { Plan } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /portal/sites/{id}/plans: the site's plans, each with how many devices stand on it. */
export function getPortalPlans(siteId: number, signal?: AbortSignal): Promise<Plan[]> {
  return apiRequest<Plan[]>(`/portal/sites/${siteId}/plans`, { signal });
}

export function usePortalPlans(siteId: number) {
  return useQuery({
    queryKey: queryKeys.portalSite(siteId, 'plans'),
    queryFn: ({ signal }) => getPortalPlans(siteId, signal),
  });
}
