import type { ProgrammeVersion } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Every version of the site's programme, newest first (an empty list while it has none). */
export function getProgrammeVersions(siteId: number, signal?: AbortSignal): Promise<ProgrammeVersion[]> {
  return apiRequest<ProgrammeVersion[]>(`/sites/${siteId}/programme/versions`, { signal });
}

export function useProgrammeVersions(siteId: number) {
  return useQuery({
    queryKey: queryKeys.programmeVersions(siteId),
    queryFn: ({ signal }) => getProgrammeVersions(siteId, signal),
  });
}
