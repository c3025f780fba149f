import type { InspectionPage } from '@rondin/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { PhotoPaths } from '../../../lib/use-photo';
import { queryKeys } from '../../../lib/query-keys';

/** Findings a page of the portal shows. */
export const PORTAL_FINDINGS_PAGE_SIZE = 25;

export interface PortalFindingFilters {
  page: number;
  /** The period's start (an instant); undefined: everything. */
  from?: string | undefined;
  /** Only devices with some activity (activityMin=BAJA). */
  withActivity: boolean;
}

/** GET /portal/sites/{id}/findings: what was found at each device inspected, newest first. */
export function getPortalFindings(
  siteId: number,
  { page, from, withActivity }: PortalFindingFilters,
  signal?: AbortSignal,
): Promise<InspectionPage> {
  const search = new URLSearchParams({ page: String(page), pageSize: String(PORTAL_FINDINGS_PAGE_SIZE) });
  if (from) search.set('from', from);
  if (withActivity) search.set('activityMin', 'BAJA');
  return apiRequest<InspectionPage>(`/portal/sites/${siteId}/findings?${search}`, { signal });
}

export function usePortalFindings(siteId: number, filters: PortalFindingFilters) {
  return useQuery({
    queryKey: queryKeys.portalSite(siteId, 'findings', filters.page, filters.from ?? '', String(filters.withActivity)),
    queryFn: ({ signal }) => getPortalFindings(siteId, filters, signal),
    placeholderData: keepPreviousData,
  });
}

/** Where the portal reads a finding's photos (scoped to her sites). */
export const PORTAL_FINDING_PHOTOS: PhotoPaths = {
  photo: (id) => `/portal/photos/${id}`,
  thumbnail: (id) => `/portal/photos/${id}?size=thumb`,
};
