import type { CreateServicePlanBody, ServicePlan, UpdateServicePlanBody } from '@rondin/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The body as sent: the server fills the defaults (horizon 14 days, active). */
export type ServicePlanInput = Omit<CreateServicePlanBody, 'horizonDays' | 'isActive'> &
  Partial<Pick<CreateServicePlanBody, 'horizonDays' | 'isActive'>>;

export function createServicePlan(body: ServicePlanInput): Promise<ServicePlan> {
  return apiRequest<ServicePlan>('/service-plans', { method: 'POST', body });
}

export function updateServicePlan({
  id,
  ...body
}: Partial<Omit<UpdateServicePlanBody, 'applyToOpen'>> & { id: number; applyToOpen?: boolean }): Promise<ServicePlan> {
  return apiRequest<ServicePlan>(`/service-plans/${id}`, { method: 'PATCH', body });
}

/** A plan's change creates orders: the plans, every order list and the compliance figures are read again. */
export function refreshAfterPlanChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.servicePlans }),
    queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
    queryClient.invalidateQueries({ queryKey: queryKeys.compliance }),
    queryClient.invalidateQueries({ queryKey: queryKeys.sites }),
  ]);
}

export function useCreateServicePlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createServicePlan, onSuccess: () => refreshAfterPlanChange(queryClient) });
}

export function useUpdateServicePlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateServicePlan, onSuccess: () => refreshAfterPlanChange(queryClient) });
}
