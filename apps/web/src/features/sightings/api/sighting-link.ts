import type { SightingLink } from '@rondin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBlob, apiRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { queryKeys } from '../../../lib/query-keys';

/** GET /sites/{id}/sighting-link: the address the site's posters' QR opens. */
export function getSightingLink(siteId: number, signal?: AbortSignal): Promise<SightingLink> {
  return apiRequest<SightingLink>(`/sites/${siteId}/sighting-link`, { signal });
}

export function useSightingLink(siteId: number) {
  return useQuery({
    queryKey: queryKeys.sightingLink(siteId),
    queryFn: ({ signal }) => getSightingLink(siteId, signal),
  });
}

/** POST /sites/{id}/sighting-link: a new token; the old one (and every poster printed with it) stops working. */
export function useRotateSightingLink(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<SightingLink>(`/sites/${siteId}/sighting-link`, { method: 'POST' }),
    onSuccess: (link) => queryClient.setQueryData(queryKeys.sightingLink(siteId), link),
  });
}

/** The file name of a poster: its site and area, in letters a file system takes. */
export function posterFileName(siteId: number, area: string | null): string {
  const slug = (area ?? 'todas-las-areas')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  return `cartel-avistamientos-sitio-${siteId}-${slug || 'area'}.pdf`;
}

/** GET /sites/{id}/sighting-poster.pdf?area=: one area's A4 poster, or (area null) one page per area. */
export function useDownloadSightingPoster(siteId: number) {
  return useMutation({
    mutationFn: async (area: string | null) => {
      const query = area === null ? '' : `?area=${encodeURIComponent(area)}`;
      saveBlob(await apiBlob(`/sites/${siteId}/sighting-poster.pdf${query}`), posterFileName(siteId, area));
    },
  });
}
