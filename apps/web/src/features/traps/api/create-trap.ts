import type { CreateTrapInput, Trap } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function createTrap(body: CreateTrapInput): Promise<Trap> {
  return apiRequest<Trap>('/traps', { method: 'POST', body });
}

export function useCreateTrap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTrap,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.traps }),
  });
}
