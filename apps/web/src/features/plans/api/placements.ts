import type { Placement, PutPlacementBody } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { withPlacement } from '../utils/placements';
import { unplacedCountKey } from './get-site-devices';

export function putPlacement(trapId: number, body: PutPlacementBody): Promise<Placement> {
  return apiRequest<Placement>(`/traps/${trapId}/placement`, { method: 'PUT', body });
}

export function deletePlacement(trapId: number): Promise<void> {
  return apiRequest<void>(`/traps/${trapId}/placement`, { method: 'DELETE' });
}

/** Where a device goes: a point of a plan, or off every plan (null). */
export interface PlacementChange {
  trapId: number;
  to: PutPlacementBody | null;
}

/**
 * Saves a device's place at once and shows it before the server answers: the site's placements change in the
 * cache, and go back to what they were for that device if the server refuses (the caller says why). Once the
 * last change in flight has settled, the plans' counts are read again and the rest is marked stale, so an answer
 * to an earlier change never moves a marker dropped since.
 */
export function usePlaceDevice(siteId: number) {
  const queryClient = useQueryClient();
  const key = queryKeys.sitePlacements(siteId);
  const mutationKey = ['placement', siteId];
  return useMutation({
    mutationKey,
    mutationFn: ({ trapId, to }: PlacementChange) =>
      to ? putPlacement(trapId, to) : deletePlacement(trapId).then(() => null),
    onMutate: async ({ trapId, to }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Placement[]>(key)?.find((placement) => placement.trapId === trapId);
      const shown: Placement | null = to ? { trapId, ...to, placedAt: new Date().toISOString() } : null;
      queryClient.setQueryData<Placement[]>(key, (list) => withPlacement(list ?? [], trapId, shown));
      return { before: before ?? null, shown };
    },
    onError: (_error, { trapId }, context) => {
      if (!context) return;
      queryClient.setQueryData<Placement[]>(key, (list) => {
        const now = list?.find((placement) => placement.trapId === trapId) ?? null;
        // A later change of the same device stays: only what this change showed is taken back.
        return now === context.shown ? withPlacement(list ?? [], trapId, context.before) : list;
      });
    },
    onSuccess: (saved, { trapId }, context) => {
      queryClient.setQueryData<Placement[]>(key, (list) => {
        const now = list?.find((placement) => placement.trapId === trapId) ?? null;
        return now === context.shown ? withPlacement(list ?? [], trapId, saved) : list;
      });
    },
    onSettled: async () => {
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      await Promise.all([
        // The site's plans with their counts, and its 'sin ubicar': small, and on screen.
        queryClient.invalidateQueries({ queryKey: queryKeys.sitePlans(siteId) }),
        queryClient.invalidateQueries({ queryKey: unplacedCountKey(siteId) }),
        // The rest (plan details, placements, the inventory's 'placed' filter) is read again when next shown:
        // the editor already shows the change, and reading 500 devices again after every drop cost long frames.
        queryClient.invalidateQueries({ queryKey: queryKeys.plans, refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: queryKeys.traps, refetchType: 'none' }),
      ]);
    },
  });
}
