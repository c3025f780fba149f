import type { Site } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The site whose plans the page shows: its name heads the page. */
export function getSite(id: number, signal?: AbortSignal): Promise<Site> {
  return apiRequest<Site>(`/sites/${id}`, { signal });
}

export function useSite(id: number) {
  return useQuery({ queryKey: queryKeys.site(id), queryFn: ({ signal }) => getSite(id, signal) });
}
