import type { TrapAreaCount } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The areas in use with their total and active counts: the area filter, and the inventory's totals. */
export function getTrapAreas(signal?: AbortSignal): Promise<TrapAreaCount[]> {
  return apiRequest<TrapAreaCount[]>('/traps/areas', { signal });
}

export function useTrapAreas() {
  return useQuery({ queryKey: queryKeys.trapAreas, queryFn: ({ signal }) => getTrapAreas(signal) });
}

/** Every trap registered, and how many of them are active, added up from the areas. */
export function inventoryTotals(areas: readonly TrapAreaCount[]): { total: number; active: number } {
  return areas.reduce((sum, area) => ({ total: sum.total + area.total, active: sum.active + area.active }), {
    total: 0,
    active: 0,
  });
}
