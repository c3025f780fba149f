import type { Site } from '@rondin/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Every site by name with its trap and order counts: a company serves tens of sites, never thousands. */
export function getSites(signal?: AbortSignal): Promise<Site[]> {
  return apiRequest<Site[]>('/sites', { signal });
}

export const sitesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.siteList, queryFn: ({ signal }) => getSites(signal) });

export function useSites() {
  return useQuery(sitesQueryOptions());
}
