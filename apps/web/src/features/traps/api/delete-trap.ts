import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function deleteTrap(id: number): Promise<void> {
  return apiRequest<void>(`/traps/${id}`, { method: 'DELETE' });
}

export function useDeleteTrap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTrap,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.traps }),
  });
}
