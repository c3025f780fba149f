import type { SaveSiteRouteBody, SiteRoute } from '@rondin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getSiteRoute(siteId: number, signal?: AbortSignal): Promise<SiteRoute> {
  return apiRequest<SiteRoute>(`/sites/${siteId}/route`, { signal });
}

export function useSiteRoute(siteId: number) {
  return useQuery({ queryKey: queryKeys.siteRoute(siteId), queryFn: ({ signal }) => getSiteRoute(siteId, signal) });
}

/** A proposal from the plans: nothing is saved until the office saves it. */
export function useProposeSiteRoute(siteId: number) {
  return useMutation({
    mutationFn: () => apiRequest<SiteRoute>(`/sites/${siteId}/route/propose`, { method: 'POST' }),
  });
}

/** Saving changes each device's routeOrder: the route and the inventory's devices are read again. */
export function useSaveSiteRoute(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveSiteRouteBody) => apiRequest<SiteRoute>(`/sites/${siteId}/route`, { method: 'PUT', body }),
    onSuccess: (route) => {
      queryClient.setQueryData(queryKeys.siteRoute(siteId), route);
      return queryClient.invalidateQueries({ queryKey: queryKeys.traps });
    },
  });
}
