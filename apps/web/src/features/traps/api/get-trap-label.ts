import { useQuery } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** One trap's printable label (PDF). */
export function getTrapLabel(id: number, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(`/traps/${id}/label`, { signal });
}

export function useTrapLabel(id: number) {
  return useQuery({
    queryKey: [...queryKeys.traps, id, 'label'],
    queryFn: ({ signal }) => getTrapLabel(id, signal),
    // A label follows the trap's current code and area: fetched fresh each time it is previewed, never kept.
    gcTime: 0,
    staleTime: 0,
  });
}
