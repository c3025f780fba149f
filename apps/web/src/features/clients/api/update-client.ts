import type { ClientDetail, UpdateClientBody } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function updateClient({ id, changes }: { id: number; changes: UpdateClientBody }): Promise<ClientDetail> {
  return apiRequest<ClientDetail>(`/clients/${id}`, { method: 'PATCH', body: changes });
}

export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClient,
    // A renamed client's sites carry its new name, and orders carry their site's client.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.clients }),
        queryClient.invalidateQueries({ queryKey: queryKeys.sites }),
        queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
      ]),
  });
}
