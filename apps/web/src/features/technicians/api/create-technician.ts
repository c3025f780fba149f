import type { CreateTechnicianBody, Technician } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function createTechnician(body: CreateTechnicianBody): Promise<Technician> {
  return apiRequest<Technician>('/technicians', { method: 'POST', body });
}

export function useCreateTechnician() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTechnician,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.technicians }),
  });
}
