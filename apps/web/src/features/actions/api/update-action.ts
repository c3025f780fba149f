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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.actions }),
  });
}
