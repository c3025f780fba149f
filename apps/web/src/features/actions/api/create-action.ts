import type { CorrectiveActionDetail, CreateActionInput } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function createAction(body: CreateActionInput): Promise<CorrectiveActionDetail> {
  return apiRequest<CorrectiveActionDetail>('/actions', { method: 'POST', body });
}

export function useCreateAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.actions }),
  });
}
