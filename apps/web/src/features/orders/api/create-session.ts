import type { CreateSessionBody, Session } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateOrders } from './invalidate-orders';

export function createSession(body: CreateSessionBody): Promise<Session> {
  return apiRequest<Session>('/sessions', { method: 'POST', body });
}

export function useCreateSession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createSession, onSuccess: () => invalidateOrders(queryClient) });
}
