import type { PlanDetail } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** One plan and every device on it, in code order. */
export function getPlan(id: number, signal?: AbortSignal): Promise<PlanDetail> {
  return apiRequest<PlanDetail>(`/plans/${id}`, { signal });
}

export function usePlan(id: number) {
  return useQuery({ queryKey: queryKeys.plan(id), queryFn: ({ signal }) => getPlan(id, signal) });
}
