import type { CreatePestInput, Pest } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function createPest(body: CreatePestInput): Promise<Pest> {
  return apiRequest<Pest>('/pests', { method: 'POST', body });
}

export function useCreatePest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.pests }),
  });
}
