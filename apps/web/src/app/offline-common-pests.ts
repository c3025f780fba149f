import type { Session } from '@rondin/contracts';
import { hashKey, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { commonPestsQueryOptions } from '../features/findings/api/get-common-pests';
import { queryKeys } from '../lib/query-keys';

/**
 * Reads the most caught pests of each open order's site, once a site however many orders it has: they are then
 * saved with the orders (features/offline/saved-queries.ts), so an order first opened without signal still lists
 * them first in the capture form. A read that fails leaves the copy kept before.
 */
export function keepCommonPestsOfOrders(client: QueryClient, orders: readonly Pick<Session, 'siteId'>[]): void {
  for (const siteId of new Set(orders.map((order) => order.siteId))) {
    void client.prefetchQuery(commonPestsQueryOptions(siteId));
  }
}

const OPEN_ORDERS = hashKey(queryKeys.myOpenSessions);

/** While the technician's screens are open, each new read of the open orders keeps their sites' common pests. */
export function useOfflineCommonPests(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const run = () => {
      const orders = queryClient.getQueryData<Session[]>(queryKeys.myOpenSessions);
      if (orders) keepCommonPestsOfOrders(queryClient, orders);
    };
    run();
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success' && event.query.queryHash === OPEN_ORDERS) run();
    });
  }, [queryClient, enabled]);
}
