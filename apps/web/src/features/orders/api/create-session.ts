import type { CreateSessionBody, Session } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withLicenceConfirmation } from './confirm-licence';
import { invalidateOrders } from './invalidate-orders';

/** Asks before assigning the order to a technician whose licence has expired (409 LICENCE_EXPIRED). */
export function createSession(body: CreateSessionBody): Promise<Session> {
  return withLicenceConfirmation((confirmExpiredLicence) =>
    apiRequest<Session>('/sessions', {
      method: 'POST',
      body: confirmExpiredLicence ? { ...body, confirmExpiredLicence } : body,
    }),
  );
}

export function useCreateSession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createSession, onSuccess: () => invalidateOrders(queryClient) });
}
