import type { BulkRescheduleBody, BulkSessionsResult } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateOrders } from './invalidate-orders';

/**
 * Moves several open orders to another day, all or none, read in each order's site's zone: at `time` when
 * given, else each at its own time of day.
 */
export function bulkRescheduleSessions(body: BulkRescheduleBody): Promise<BulkSessionsResult> {
  return apiRequest<BulkSessionsResult>('/sessions/bulk-reschedule', { method: 'POST', body });
}

export function useBulkRescheduleSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkRescheduleSessions,
    onSuccess: () => invalidateOrders(queryClient),
    onError: () => invalidateOrders(queryClient),
  });
}
