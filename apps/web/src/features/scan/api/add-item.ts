import type { ScanResponse, Session } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /api/sessions/{id}/items {trapId}: a device of the order's site the office did not plan, added on the spot
 * (online only). It comes back PENDING: the phone then scans it, or records its typed code, as any other.
 */
export function addItem({ sessionId, trapId }: { sessionId: number; trapId: number }): Promise<ScanResponse> {
  return apiRequest<ScanResponse>(`/sessions/${sessionId}/items`, { method: 'POST', body: { trapId } });
}

export function useAddItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addItem,
    // In the cached order at once (the scan that follows looks for it there); the re-read brings the rest.
    onSuccess: ({ session: summary, item }, { sessionId }) => {
      queryClient.setQueryData<Session>(queryKeys.session(sessionId), (cached) =>
        cached && !cached.items.some((each) => each.id === item.id)
          ? { ...cached, ...summary, items: [...cached.items, item] }
          : cached,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
    },
  });
}
