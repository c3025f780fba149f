import type { SiteThresholds, Threshold, ThresholdSet } from '@rondin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The global thresholds in force (siteId undefined), or a site's own with the global ones. */
export function useThresholds(siteId?: number) {
  return useQuery({
    queryKey: queryKeys.thresholds(siteId),
    queryFn: async ({ signal }): Promise<SiteThresholds | (ThresholdSet & { overrides?: never })> =>
      siteId === undefined
        ? apiRequest<ThresholdSet>('/thresholds', { signal })
        : apiRequest<SiteThresholds>(`/sites/${siteId}/thresholds`, { signal }),
  });
}

export function useSaveThresholds(siteId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (thresholds: Threshold[]) =>
      apiRequest<unknown>(siteId === undefined ? '/thresholds' : `/sites/${siteId}/thresholds`, {
        method: 'PUT',
        body: { thresholds },
      }),
    // The trends draw the limits in force: their lines follow the new ones.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.allThresholds }),
        queryClient.invalidateQueries({ queryKey: queryKeys.trends }),
      ]),
  });
}
