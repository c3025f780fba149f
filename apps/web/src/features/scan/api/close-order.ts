import type { ClientSignature, Session } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface CloseOrderRequest {
  id: number;
  /** Who signed for the client (or that nobody could): printed on the certificate the close issues. */
  clientSignature?: ClientSignature | undefined;
  /** Record «Sin novedad» for every inspected device still without a finding, in the close itself. */
  defaultNoActivity?: boolean | undefined;
}

/** Spec section 7: the server refuses (409) while traps are pending; the close issues the order's certificate. */
export function closeOrder({ id, clientSignature, defaultNoActivity }: CloseOrderRequest): Promise<Session> {
  const body = {
    ...(clientSignature ? { clientSignature } : {}),
    ...(defaultNoActivity ? { defaultNoActivity: true } : {}),
  };
  // An order closed without the dialog (no signature asked) sends no body, as before certificates.
  return apiRequest<Session>(`/sessions/${id}/close`, {
    method: 'POST',
    ...(Object.keys(body).length > 0 ? { body } : {}),
  });
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
