import type { Trap, UpdateTrapBody } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function updateTrap({ id, changes }: { id: number; changes: UpdateTrapBody }): Promise<Trap> {
  return apiRequest<Trap>(`/traps/${id}`, { method: 'PATCH', body: changes });
}

export function useUpdateTrap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTrap,
    // Orders show each trap's code and area, so their lists are refreshed too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.traps }),
        queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
      ]),
  });
}
