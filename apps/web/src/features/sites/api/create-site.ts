import type { CreateSiteBody, Site } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function createSite(body: CreateSiteBody): Promise<Site> {
  return apiRequest<Site>('/sites', { method: 'POST', body });
}

export function useCreateSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSite,
    // A site may bring a new client (named in the form), and counts on its client's page.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.sites }),
        queryClient.invalidateQueries({ queryKey: queryKeys.clients }),
      ]),
  });
}
