import type { Plan } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The plan's image, read through the signed-in client (an <img> cannot send the token) and shown from a blob:
 * URL. Keyed by the plan's last change, so it is read once per version and never goes stale by itself.
 */
export function getPlanImage(id: number, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(`/plans/${id}/image`, { signal });
}

export function planImageQueryOptions(plan: Pick<Plan, 'id' | 'updatedAt'>) {
  return {
    queryKey: queryKeys.planImage(plan.id, plan.updatedAt),
    queryFn: ({ signal }: { signal: AbortSignal }) => getPlanImage(plan.id, signal),
    staleTime: Number.POSITIVE_INFINITY,
  };
}

export function usePlanImage(plan: Pick<Plan, 'id' | 'updatedAt'> | undefined) {
  return useQuery({
    ...planImageQueryOptions(plan ?? { id: 0, updatedAt: '' }),
    enabled: plan !== undefined,
  });
}
