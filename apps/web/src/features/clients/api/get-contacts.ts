import type { Contact } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A client's contacts by name. */
export function getContacts(clientId: number, signal?: AbortSignal): Promise<Contact[]> {
  return apiRequest<Contact[]>(`/clients/${clientId}/contacts`, { signal });
}

export function useContacts(clientId: number) {
  return useQuery({
    queryKey: queryKeys.clientContacts(clientId),
    queryFn: ({ signal }) => getContacts(clientId, signal),
  });
}
