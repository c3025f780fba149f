import type { ClientDetail } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** One client with its sites, open corrective actions and next visits. */
export function getClient(id: number, signal?: AbortSignal): Promise<ClientDetail> {
  return apiRequest<ClientDetail>(`/clients/${id}`, { signal });
}

export function useClient(id: number) {
  return useQuery({ queryKey: queryKeys.client(id), queryFn: ({ signal }) => getClient(id, signal) });
}
