import type { Technician, UpdateTechnicianBody } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function updateTechnician({ id, changes }: { id: number; changes: UpdateTechnicianBody }): Promise<Technician> {
  return apiRequest<Technician>(`/technicians/${id}`, { method: 'PATCH', body: changes });
}

export function useUpdateTechnician() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTechnician,
    // Orders show the technician's name, so they are refreshed with the list.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.technicians }),
        queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
      ]),
  });
}
