import type { Sighting } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, FILE_TIMEOUT_MS } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /portal/sites/{id}/sightings: the portal's report, as the signed-in contact (no name typed). */
export function sendPortalSighting(siteId: number, form: FormData): Promise<Sighting> {
  return apiRequest<Sighting>(`/portal/sites/${siteId}/sightings`, {
    method: 'POST',
    body: form,
    timeoutMs: FILE_TIMEOUT_MS,
  });
}

export function useSendPortalSighting(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => sendPortalSighting(siteId, form),
    // The sightings, and the sites' overview that counts the open ones.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.sightings }),
        queryClient.invalidateQueries({ queryKey: queryKeys.portalSites }),
      ]),
  });
}
