import type { CommonPests } from '@rondin/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const NONE: CommonPests = { byType: {} };

export const commonPestsQueryOptions = (siteId: number) =>
  queryOptions({
    queryKey: queryKeys.commonPests(siteId),
    queryFn: ({ signal }) => apiRequest<CommonPests>(`/sites/${siteId}/common-pests`, { signal }),
    // What a year of catches says changes slowly: once an hour at most.
    staleTime: 60 * 60 * 1000,
  });

/**
 * The pests most caught at the order's site, per device type (GET /api/sites/{id}/common-pests): read for every
 * open order as the list arrives (app/offline-common-pests.ts) and when the order opens, and kept on the device
 * with the orders (features/offline/saved-queries.ts), so the capture form lists them first without signal too.
 * Until then, or when it cannot be read, nothing comes first.
 */
export function useCommonPests(siteId: number | undefined): CommonPests {
  const query = useQuery({ ...commonPestsQueryOptions(siteId ?? 0), enabled: siteId !== undefined });
  return query.data ?? NONE;
}
