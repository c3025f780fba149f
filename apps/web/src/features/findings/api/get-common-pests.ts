import type { CommonPests } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const NONE: CommonPests = { byType: {} };

/**
 * The pests most caught at the order's site, per device type (GET /api/sites/{id}/common-pests): read when the
 * order opens, and kept on the device with it (features/offline/saved-queries.ts), so the capture form lists them
 * first without signal too. Until then, or when it cannot be read, nothing comes first.
 */
export function useCommonPests(siteId: number | undefined): CommonPests {
  const query = useQuery({
    queryKey: queryKeys.commonPests(siteId ?? 0),
    queryFn: ({ signal }) => apiRequest<CommonPests>(`/sites/${siteId}/common-pests`, { signal }),
    enabled: siteId !== undefined,
    // What a year of catches says changes slowly: once an hour at most.
    staleTime: 60 * 60 * 1000,
  });
  return query.data ?? NONE;
}
