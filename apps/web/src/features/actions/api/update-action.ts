import type { CorrectiveActionDetail, UpdateActionInput } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function updateAction({ id, changes }: { id: number; changes: UpdateActionInput }) {
  return apiRequest<CorrectiveActionDetail>(`/actions/${id}`, { method: 'PATCH', body: changes });
}

export function useUpdateAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAction,
    // A sighting is ATENDIDO once its action closes (and open again if it reopens): its lists follow.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.actions }),
        queryClient.invalidateQueries({ queryKey: queryKeys.sightings }),
      ]),
  });
}
