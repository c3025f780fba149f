import type { Session } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateOrders } from './invalidate-orders';

export function closeSession({ id, force }: { id: number; force: boolean }): Promise<Session> {
  return apiRequest<Session>(`/sessions/${id}/close`, { method: 'POST', body: { force } });
}

export function useCloseSession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: closeSession, onSuccess: () => invalidateOrders(queryClient) });
}
