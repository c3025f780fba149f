import type { PlanHeat } from '@rondin/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** What each device of the plan showed over [from, to), and its heat class. */
export function getPlanHeat(id: number, period: { from: string; to: string }, signal?: AbortSignal): Promise<PlanHeat> {
  const query = new URLSearchParams({ from: period.from, to: period.to });
  return apiRequest<PlanHeat>(`/plans/${id}/heat?${query}`, { signal });
}

/** Kept while another period loads, so the map does not blank between two choices. */
export function usePlanHeat(id: number, period: { from: string; to: string } | undefined) {
  return useQuery({
    // Under the plan's key: a change to the plan (a device moved) refreshes its heat too.
    queryKey: [...queryKeys.plan(id), 'heat', period?.from, period?.to],
    queryFn: ({ signal }) => getPlanHeat(id, period!, signal),
    enabled: period !== undefined,
    placeholderData: keepPreviousData,
  });
}
