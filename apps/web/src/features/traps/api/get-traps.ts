import type { TrapPage } from '@rondin/contracts';
import { TRAP_TYPES } from '@rondin/contracts/devices';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const TRAPS_PAGE_SIZE = 50;

/** The inventory's filters as the screen keeps them in its address. */
export interface TrapFilters {
  q: string;
  area: string;
  noArea: string;
  active: string;
  siteId: string;
  type: string;
  /** 'true': on a floor plan; 'false': on none yet ("sin ubicar"). */
  placed: string;
  page: number;
}

/** The page of the filtered list, in the address of GET /traps. */
export function trapPageSearch(filters: TrapFilters): string {
  const search = new URLSearchParams({ page: String(filters.page), pageSize: String(TRAPS_PAGE_SIZE) });
  for (const [key, value] of trapFilterSearch(filters)) search.set(key, value);
  return search.toString();
}

/**
 * The list's filters alone, as GET /traps and GET /traps/labels read them (a value the server would refuse,
 * left by hand in the address, is left out).
 */
export function trapFilterSearch({ q, area, noArea, active, siteId, type, placed }: Omit<TrapFilters, 'page'>) {
  const search = new URLSearchParams();
  if (q) search.set('q', q);
  if (/^\d+$/.test(siteId)) search.set('siteId', siteId);
  if ((TRAP_TYPES as readonly string[]).includes(type)) search.set('type', type);
  if (placed === 'true' || placed === 'false') search.set('placed', placed);
  if (noArea === 'true') search.set('noArea', 'true');
  else if (area) search.set('area', area);
  if (active === 'true' || active === 'false') search.set('active', active);
  return search;
}

/** One page of the inventory, filtered on the server: the screen never holds more than a page of traps. */
export function getTrapPage(filters: TrapFilters, signal?: AbortSignal): Promise<TrapPage> {
  return apiRequest<TrapPage>(`/traps?${trapPageSearch(filters)}`, { signal });
}

export const trapPageQueryOptions = (filters: TrapFilters) =>
  queryOptions({
    queryKey: queryKeys.trapPage(filters),
    queryFn: ({ signal }) => getTrapPage(filters, signal),
    // The rows stay on screen (dimmed) while the next page or search loads.
    placeholderData: keepPreviousData,
  });

export function useTrapPage(filters: TrapFilters) {
  return useQuery(trapPageQueryOptions(filters));
}
