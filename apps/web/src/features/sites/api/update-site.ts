import type { Site, UpdateSiteBody } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function updateSite({ id, changes }: { id: number; changes: UpdateSiteBody }): Promise<Site> {
  return apiRequest<Site>(`/sites/${id}`, { method: 'PATCH', body: changes });
}

export function useUpdateSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSite,
    // Orders carry their site's name, clients list their sites; the trap and order screens ask for a site only while several are active.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.sites }),
        queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
        queryClient.invalidateQueries({ queryKey: queryKeys.clients }),
      ]),
  });
}
