import type { Pest, UpdatePestBody } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function updatePest({ id, changes }: { id: number; changes: UpdatePestBody }): Promise<Pest> {
  return apiRequest<Pest>(`/pests/${id}`, { method: 'PATCH', body: changes });
}

export function useUpdatePest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.pests }),
  });
}
