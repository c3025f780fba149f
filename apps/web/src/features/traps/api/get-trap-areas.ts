import type { TrapAreaCount } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The areas in use with their total and active counts, of one site's traps with `siteId` (the area filter with a
 * site chosen) or of every site's (the inventory's totals).
 */
export function getTrapAreas(siteId?: number, signal?: AbortSignal): Promise<TrapAreaCount[]> {
  return apiRequest<TrapAreaCount[]>(siteId === undefined ? '/traps/areas' : `/traps/areas?siteId=${siteId}`, {
    signal,
  });
}

export function useTrapAreas(siteId?: number) {
  return useQuery({ queryKey: queryKeys.trapAreas(siteId), queryFn: ({ signal }) => getTrapAreas(siteId, signal) });
}

/** Every trap registered, and how many of them are active, added up from the areas. */
export function inventoryTotals(areas: readonly TrapAreaCount[]): { total: number; active: number } {
  return areas.reduce((sum, area) => ({ total: sum.total + area.total, active: sum.active + area.active }), {
    total: 0,
    active: 0,
  });
}
