import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/**
 * After an order is created, closed or deleted: every order list (the admin's and the technician's own,
 * which share the `sessions` prefix) and the compliance figures it feeds.
 */
export function invalidateOrders(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
    queryClient.invalidateQueries({ queryKey: queryKeys.compliance }),
  ]);
}
