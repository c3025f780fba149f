import type { PlanDetail, Session } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { getPlan } from './get-plan';
import { getSitePlans } from './get-site-plans';

export type PlannedOrder = Pick<Session, 'id' | 'siteId' | 'items'>;

/**
 * The plans an order's devices stand on, each with its devices: the site's plans, then each one holding any
 * device at all read with its devices, keeping those where one of the order's stands.
 */
export async function getOrderPlans(order: PlannedOrder, signal?: AbortSignal): Promise<PlanDetail[]> {
  const plans = await getSitePlans(order.siteId, signal);
  const details = await Promise.all(
    plans.filter((plan) => plan.placedCount > 0).map((plan) => getPlan(plan.id, signal)),
  );
  const trapIds = new Set(order.items.map((item) => item.trapId));
  return details.filter((plan) => plan.devices.some((device) => trapIds.has(device.trapId)));
}

/** Kept on the technician's device with the order (features/offline/saved-queries.ts). */
export function orderPlansQueryOptions(order: PlannedOrder) {
  return {
    queryKey: queryKeys.orderPlans(order.id),
    queryFn: ({ signal }: { signal: AbortSignal }) => getOrderPlans(order, signal),
  };
}

export function useOrderPlans(order: PlannedOrder) {
  return useQuery(orderPlansQueryOptions(order));
}
