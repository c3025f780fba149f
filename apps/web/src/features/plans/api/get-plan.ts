import type { PlanDetail } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { OFFICE_PLANS, type PlanSource } from './plan-source';

/** One plan and every device on it, in code order. */
export function getPlan(id: number, signal?: AbortSignal, source: PlanSource = OFFICE_PLANS): Promise<PlanDetail> {
  return apiRequest<PlanDetail>(source.plan(id), { signal });
}

export function usePlan(id: number, source: PlanSource = OFFICE_PLANS) {
  return useQuery({ queryKey: queryKeys.plan(id), queryFn: ({ signal }) => getPlan(id, signal, source) });
}
