import type { Session } from '@rondin/contracts';
import { hashKey, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { keepOnlyPlanImages, planImageOnDevice } from '../features/offline/saved-plan-images';
import { orderPlansQueryOptions } from '../features/plans/api/get-order-plans';
import { getPlanImage, planImageQueryOptions, type ReadPlanImage } from '../features/plans/api/get-plan-image';
import { getAuth } from '../lib/auth-store';
import { queryKeys } from '../lib/query-keys';

/**
 * A plan image for the technician: the copy kept on the device for this version of the plan, else read from the
 * server and kept (features/offline/saved-plan-images.ts says why IndexedDB and not the service worker).
 */
export const readPlanImageOnDevice: ReadPlanImage = (plan, signal) => {
  const userId = getAuth()?.user?.id;
  if (userId === undefined) return getPlanImage(plan.id, signal);
  return planImageOnDevice(userId, plan, () => getPlanImage(plan.id, signal));
};

/**
 * Reads the plans of every open order and their images once the list of open orders arrives, so they are on
 * the device before the technician walks out of coverage; then drops kept images no open order needs. The plans
 * themselves are saved with the orders (features/offline/saved-queries.ts).
 */
export async function keepPlansOfOrders(client: QueryClient, orders: readonly Session[], userId: number) {
  const planIds = new Set<number>();
  let complete = true;
  for (const order of orders) {
    const plans = await client
      .fetchQuery({ ...orderPlansQueryOptions(order), staleTime: PLANS_FRESH_MS })
      .catch(() => null);
    if (!plans) {
      complete = false;
      continue;
    }
    for (const plan of plans) {
      planIds.add(plan.id);
      const image = await client.fetchQuery(planImageQueryOptions(plan, readPlanImageOnDevice)).catch(() => null);
      if (!image) complete = false;
    }
  }
  // Without signal nothing is dropped: the copies are what the technician will need.
  if (complete) await keepOnlyPlanImages(userId, planIds).catch(() => undefined);
}

const OPEN_ORDERS = hashKey(queryKeys.myOpenSessions);
/** Plans change seldom: the open orders are polled, their plans read again at most this often. */
const PLANS_FRESH_MS = 10 * 60_000;

/** While the technician's screens are open, each new read of the open orders keeps their plans on the device. */
export function useOfflinePlans(userId: number | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === null) return;
    let running = false;
    let again = false;
    const run = () => {
      if (running) {
        again = true;
        return;
      }
      const orders = queryClient.getQueryData<Session[]>(queryKeys.myOpenSessions);
      if (!orders) return;
      running = true;
      void keepPlansOfOrders(queryClient, orders, userId).finally(() => {
        running = false;
        if (again) {
          again = false;
          run();
        }
      });
    };
    run();
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      if (event.query.queryHash === OPEN_ORDERS) run();
    });
  }, [queryClient, userId]);
}
