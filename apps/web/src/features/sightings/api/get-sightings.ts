import type { SightingList } from '@rondin/contracts';
import type { SightingStatus } from '@rondin/contracts/sighting-names';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** How many the dashboard lists; `openCount` says how many there are in all. */
export const DASHBOARD_SIGHTINGS = 10;

/** GET /sightings: every site's, newest first (the dashboard asks for the open ones). */
export function getSightings(
  filters: { status?: SightingStatus; limit?: number },
  signal?: AbortSignal,
): Promise<SightingList> {
  const query = new URLSearchParams();
  if (filters.status) query.set('status', filters.status);
  if (filters.limit) query.set('limit', String(filters.limit));
  return apiRequest<SightingList>(`/sightings?${query}`, { signal });
}

export function useOpenSightings() {
  const filters = { status: 'ABIERTO', limit: DASHBOARD_SIGHTINGS } as const;
  return useQuery({
    queryKey: queryKeys.sightingList(filters),
    queryFn: ({ signal }) => getSightings(filters, signal),
  });
}

/** GET /sites/{id}/sightings: one site's, newest first. */
export function getSiteSightings(siteId: number, signal?: AbortSignal): Promise<SightingList> {
  return apiRequest<SightingList>(`/sites/${siteId}/sightings`, { signal });
}

export function useSiteSightings(siteId: number) {
  return useQuery({
    queryKey: queryKeys.siteSightings(siteId),
    queryFn: ({ signal }) => getSiteSightings(siteId, signal),
  });
}
