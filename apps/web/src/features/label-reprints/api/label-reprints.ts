import type { LabelReprint } from '@rondin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBlob, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/label-reprints: the pending ones, oldest first. */
export function useLabelReprints() {
  return useQuery({
    queryKey: queryKeys.labelReprints,
    queryFn: () => apiRequest<LabelReprint[]>('/label-reprints'),
  });
}

/**
 * POST /api/label-reprints/print: one label sheet of every pending reprint, which the server marks printed as it
 * draws it; the list is read again (empty, but for any asked for meanwhile).
 */
export function usePrintLabelReprints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiBlob('/label-reprints/print', { method: 'POST', body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.labelReprints }),
  });
}
