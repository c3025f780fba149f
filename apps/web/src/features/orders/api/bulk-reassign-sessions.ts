import type { BulkReassignBody, BulkSessionsResult } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withLicenceConfirmation } from './confirm-licence';
import { invalidateOrders } from './invalidate-orders';

/** Moves several open orders to one technician, all or none (the server names the orders that stop it). */
export function bulkReassignSessions(
  body: Omit<BulkReassignBody, 'confirmExpiredLicence'>,
): Promise<BulkSessionsResult> {
  // A technician whose licence has expired: asked first (409 LICENCE_EXPIRED), then sent confirmed.
  return withLicenceConfirmation((confirmExpiredLicence) =>
    apiRequest<BulkSessionsResult>('/sessions/bulk-reassign', {
      method: 'POST',
      body: confirmExpiredLicence ? { ...body, confirmExpiredLicence } : body,
    }),
  );
}

export function useBulkReassignSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkReassignSessions,
    // Each order's own page too: they share the `sessions` prefix with the lists.
    onSuccess: () => invalidateOrders(queryClient),
    // Refused (one closed or deleted meanwhile): what is on screen is out of date.
    onError: () => invalidateOrders(queryClient),
  });
}
