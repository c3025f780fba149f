import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateOrders } from './invalidate-orders';

export function deleteSession(id: number): Promise<void> {
  return apiRequest<void>(`/sessions/${id}`, { method: 'DELETE' });
}

export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSession, onSuccess: () => invalidateOrders(queryClient) });
}
