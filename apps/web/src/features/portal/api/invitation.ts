import type { AcceptInvitationBody, AcceptInvitationResponse, InvitationInfo } from '@rondin/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /invitations/{token} (public): who is invited, by which client, until when. */
export function getInvitation(token: string, signal?: AbortSignal): Promise<InvitationInfo> {
  return apiRequest<InvitationInfo>(`/invitations/${encodeURIComponent(token)}`, { signal });
}

export function useInvitation(token: string) {
  return useQuery({
    queryKey: queryKeys.invitation(token),
    queryFn: ({ signal }) => getInvitation(token, signal),
    // A used or expired link stays so: asking again says nothing new.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST /invitations/{token}: the password is set; the person then signs in as usual. */
export function acceptInvitation(token: string, body: AcceptInvitationBody): Promise<AcceptInvitationResponse> {
  return apiRequest<AcceptInvitationResponse>(`/invitations/${encodeURIComponent(token)}`, {
    method: 'POST',
    body,
  });
}

export function useAcceptInvitation(token: string) {
  return useMutation({ mutationFn: (body: AcceptInvitationBody) => acceptInvitation(token, body) });
}
