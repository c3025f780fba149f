import type { Sighting } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, FILE_TIMEOUT_MS } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /sites/{id}/sightings: a sighting the plant phoned in, typed by the office with who told it. */
export function reportOfficeSighting(siteId: number, form: FormData): Promise<Sighting> {
  return apiRequest<Sighting>(`/sites/${siteId}/sightings`, { method: 'POST', body: form, timeoutMs: FILE_TIMEOUT_MS });
}

export function useReportOfficeSighting(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => reportOfficeSighting(siteId, form),
    // It opened a corrective action too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.sightings }),
        queryClient.invalidateQueries({ queryKey: queryKeys.actions }),
      ]),
  });
}
