import type { Session, UpdateSessionBody } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { withLicenceConfirmation } from './confirm-licence';
import { invalidateOrders } from './invalidate-orders';

/** Moves an open order to another technician, another time (null: no date), or both. */
export function updateSession({ id, ...body }: UpdateSessionBody & { id: number }): Promise<Session> {
  // A new technician whose licence has expired: asked first (409 LICENCE_EXPIRED), then sent confirmed.
  return withLicenceConfirmation((confirmExpiredLicence) =>
    apiRequest<Session>(`/sessions/${id}`, {
      method: 'PATCH',
      body: confirmExpiredLicence ? { ...body, confirmExpiredLicence } : body,
    }),
  );
}

export function useUpdateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSession,
    onSuccess: (session) => {
      // The detail on screen shows the answer at once; the lists (and the overdue count) are read again.
      queryClient.setQueryData(queryKeys.session(session.id), session);
      return invalidateOrders(queryClient);
    },
    // Refused (closed or deleted meanwhile): what is on screen is out of date.
    onError: () => invalidateOrders(queryClient),
  });
}
