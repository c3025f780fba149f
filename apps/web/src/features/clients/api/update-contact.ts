import type { Contact, UpdateContactBody } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function updateContact({ id, changes }: { id: number; changes: UpdateContactBody }): Promise<Contact> {
  return apiRequest<Contact>(`/contacts/${id}`, { method: 'PATCH', body: changes });
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: (contact) => queryClient.invalidateQueries({ queryKey: queryKeys.clientContacts(contact.clientId) }),
  });
}
