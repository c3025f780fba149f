import type { PortalSiteList } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /portal/sites: the account's sites, each with its state at a glance. */
export function getPortalSites(signal?: AbortSignal): Promise<PortalSiteList> {
  return apiRequest<PortalSiteList>('/portal/sites', { signal });
}

export function usePortalSites() {
  return useQuery({ queryKey: queryKeys.portalSites, queryFn: ({ signal }) => getPortalSites(signal) });
}
