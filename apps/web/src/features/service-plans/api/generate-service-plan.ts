import type { GenerateResult } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { refreshAfterPlanChange } from './save-service-plan';

/** "Generar ahora": the plan's missing orders up to its horizon, at once. */
export function generateServicePlan(id: number): Promise<GenerateResult> {
  return apiRequest<GenerateResult>(`/service-plans/${id}/generate`, { method: 'POST' });
}

export function useGenerateServicePlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: generateServicePlan, onSuccess: () => refreshAfterPlanChange(queryClient) });
}
