import type { Client } from '@rondin/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Every client by name with its site and contact counts: a company serves tens of clients, never thousands. */
export function getClients(signal?: AbortSignal): Promise<Client[]> {
  return apiRequest<Client[]>('/clients', { signal });
}

export const clientsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.clientList, queryFn: ({ signal }) => getClients(signal) });

export function useClients() {
  return useQuery(clientsQueryOptions());
}
