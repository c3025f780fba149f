import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function deleteTechnician(id: number): Promise<void> {
  return apiRequest<void>(`/technicians/${id}`, { method: 'DELETE' });
}

export function useDeleteTechnician() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTechnician,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.technicians }),
  });
}
