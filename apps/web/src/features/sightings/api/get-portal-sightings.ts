import type { SightingAreas, SightingList } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /portal/sites/{id}/sightings: the site's, newest first, as its client's people see them. */
export function getPortalSightings(siteId: number, signal?: AbortSignal): Promise<SightingList> {
  return apiRequest<SightingList>(`/portal/sites/${siteId}/sightings`, { signal });
}

export function usePortalSightings(siteId: number) {
  return useQuery({
    queryKey: queryKeys.portalSightings(siteId),
    queryFn: ({ signal }) => getPortalSightings(siteId, signal),
  });
}

/** GET /portal/sites/{id}/areas: where the portal's form may report (the site's active devices' areas). */
export function usePortalSightingAreas(siteId: number) {
  return useQuery({
    queryKey: queryKeys.portalSite(siteId, 'areas'),
    queryFn: ({ signal }) => apiRequest<SightingAreas>(`/portal/sites/${siteId}/areas`, { signal }),
  });
}
