import type { Session } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Spec section 7: the technician closes with no payload; the server refuses (409) while traps are pending. */
export function closeOrder(id: number): Promise<Session> {
  return apiRequest<Session>(`/sessions/${id}/close`, { method: 'POST' });
}

export function useCloseOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeOrder,
    onSuccess: (session) => queryClient.setQueryData(queryKeys.session(session.id), session),
    // Re-read the order and the technician's list whatever the answer: a refusal may mean they changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}
