import type { PlanHeat } from '@rondin/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { OFFICE_PLANS, type PlanSource } from './plan-source';

/** What each device of the plan showed over [from, to), and its heat class. */
export function getPlanHeat(
  id: number,
  period: { from: string; to: string },
  signal?: AbortSignal,
  source: PlanSource = OFFICE_PLANS,
): Promise<PlanHeat> {
  const query = new URLSearchParams({ from: period.from, to: period.to });
  return apiRequest<PlanHeat>(`${source.heat(id)}?${query}`, { signal });
}

/** Kept while another period loads, so the map does not blank between two choices. */
export function usePlanHeat(
  id: number,
  period: { from: string; to: string } | undefined,
  source: PlanSource = OFFICE_PLANS,
) {
  return useQuery({
    // Under the plan's key: a change to the plan (a device moved) refreshes its heat too.
    queryKey: [...queryKeys.plan(id), 'heat', period?.from, period?.to],
    queryFn: ({ signal }) => getPlanHeat(id, period!, signal, source),
    enabled: period !== undefined,
    placeholderData: keepPreviousData,
  });
}
