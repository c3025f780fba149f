import type { Plan } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { OFFICE_PLANS, type PlanSource } from './plan-source';

/**
 * The plan's image, read through the signed-in client (an <img> cannot send the token) and shown from a blob:
 * URL. Keyed by the plan's last change, so it is read once per version and never goes stale by itself.
 */
export function getPlanImage(id: number, signal?: AbortSignal, source: PlanSource = OFFICE_PLANS): Promise<Blob> {
  return apiBlob(source.image(id), { signal });
}

/** How the plant's portal reads a plan's image: through its own route. */
export const readPlanImageFrom =
  (source: PlanSource): ReadPlanImage =>
  (plan, signal) =>
    getPlanImage(plan.id, signal, source);

/** How an image is read: from the server, or on the phone through the copy kept on the device. */
export type ReadPlanImage = (plan: PlanVersion, signal: AbortSignal) => Promise<Blob>;
type PlanVersion = Pick<Plan, 'id' | 'updatedAt'>;

const fromServer: ReadPlanImage = (plan, signal) => getPlanImage(plan.id, signal);

export function planImageQueryOptions(plan: PlanVersion, read: ReadPlanImage = fromServer) {
  return {
    queryKey: queryKeys.planImage(plan.id, plan.updatedAt),
    queryFn: ({ signal }: { signal: AbortSignal }) => read(plan, signal),
    staleTime: Number.POSITIVE_INFINITY,
  };
}

export function usePlanImage(plan: PlanVersion | undefined, read?: ReadPlanImage) {
  return useQuery({
    ...planImageQueryOptions(plan ?? { id: 0, updatedAt: '' }, read),
    enabled: plan !== undefined,
  });
}
