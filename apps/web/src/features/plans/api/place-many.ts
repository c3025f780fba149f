import type { Placement, PutPlanPlacementsBody } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { withPlacement } from '../utils/placements';
import { unplacedCountKey } from './get-site-devices';

export function putPlanPlacements(planId: number, body: PutPlanPlacementsBody): Promise<Placement[]> {
  return apiRequest<Placement[]>(`/plans/${planId}/placements`, { method: 'PUT', body });
}

/**
 * Places many devices on a plan in one request, all or none. Nothing is shown before the server answers (the
 * editor's preview stands meanwhile); its answer goes into the site's placements, and what counts them is read
 * again.
 */
export function usePlaceMany(siteId: number, planId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutPlanPlacementsBody) => putPlanPlacements(planId, body),
    onSuccess: (saved) => {
      queryClient.setQueryData<Placement[]>(queryKeys.sitePlacements(siteId), (list) =>
        saved.reduce((all, placement) => withPlacement(all, placement.trapId, placement), list ?? []),
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.sitePlans(siteId) }),
        queryClient.invalidateQueries({ queryKey: unplacedCountKey(siteId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.plans, refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: queryKeys.traps, refetchType: 'none' }),
      ]),
  });
}
