import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { invalidateOrders } from './invalidate-orders';

export function deleteSession(id: number): Promise<void> {
  return apiRequest<void>(`/sessions/${id}`, { method: 'DELETE' });
}

export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSession,
    onSuccess: (_answer, id) => {
      // The order's own page is left, not read again: it would only answer 404 ('La orden no existe.').
      queryClient.removeQueries({ queryKey: queryKeys.session(id), exact: true });
      return invalidateOrders(queryClient);
    },
  });
}
