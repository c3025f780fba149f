import type { Contact, CreateContactBody } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function createContact({ clientId, body }: { clientId: number; body: CreateContactBody }): Promise<Contact> {
  return apiRequest<Contact>(`/clients/${clientId}/contacts`, { method: 'POST', body });
}

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    // The list of contacts, and the client's contact count on its page and in the list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.clients }),
  });
}
