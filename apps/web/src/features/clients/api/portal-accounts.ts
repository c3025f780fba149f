import type {
  CreatePortalAccountBody,
  PortalAccount,
  PortalAccountList,
  PortalInvitationIssued,
  UpdatePortalAccountBody,
} from '@rondin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /clients/{id}/portal-accounts: the client's people with a portal account, and their invitations. */
export function getPortalAccounts(clientId: number, signal?: AbortSignal): Promise<PortalAccountList> {
  return apiRequest<PortalAccountList>(`/clients/${clientId}/portal-accounts`, { signal });
}

export function usePortalAccounts(clientId: number) {
  return useQuery({
    queryKey: queryKeys.portalAccounts(clientId),
    queryFn: ({ signal }) => getPortalAccounts(clientId, signal),
  });
}

/** POST /clients/{id}/portal-accounts: the account and its single-use link, shown once. */
export function invitePortalAccount({
  clientId,
  body,
}: {
  clientId: number;
  body: CreatePortalAccountBody;
}): Promise<PortalInvitationIssued> {
  return apiRequest<PortalInvitationIssued>(`/clients/${clientId}/portal-accounts`, { method: 'POST', body });
}

/** POST /portal-accounts/{id}/invitation: a new link; the previous one stops working. */
export function reissueInvitation(accountId: number): Promise<PortalInvitationIssued> {
  return apiRequest<PortalInvitationIssued>(`/portal-accounts/${accountId}/invitation`, { method: 'POST' });
}

/** PATCH /portal-accounts/{id}: deactivated (its sign-ins end at once) or active again. */
export function updatePortalAccount({
  id,
  changes,
}: {
  id: number;
  changes: UpdatePortalAccountBody;
}): Promise<PortalAccount> {
  return apiRequest<PortalAccount>(`/portal-accounts/${id}`, { method: 'PATCH', body: changes });
}

/** The three changes to a client's portal accounts, each refreshing its list. */
export function usePortalAccountMutations(clientId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.portalAccounts(clientId) });
  return {
    invite: useMutation({ mutationFn: invitePortalAccount, onSuccess: refresh }),
    reissue: useMutation({ mutationFn: reissueInvitation, onSuccess: refresh }),
    update: useMutation({ mutationFn: updatePortalAccount, onSuccess: refresh }),
  };
}
