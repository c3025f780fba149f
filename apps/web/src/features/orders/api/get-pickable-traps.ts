import type { MAX_PAGE_SIZE, TrapAreaCount, TrapPage } from '@rondin/contracts';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { NO_AREA } from '../utils/trap-groups';

/** How many traps the picker shows at first and adds with each 'Mostrar más'. */
export const PICKER_PAGE_SIZE = 100;
/** The API's largest page, for reading a whole area or search at once. */
const LARGEST_PAGE: typeof MAX_PAGE_SIZE = 200;

interface Scope {
  q: string;
  /** The order's site: with several sites, the picker holds one site's traps only. */
  siteId?: number | undefined;
  /** One of the picker's groups: an area, or 'Sin área'. */
  area?: string | undefined;
}

function pickableSearch({ q, area, siteId }: Scope, page: number, pageSize: number): string {
  // By area then code: page after page, the groups come whole and in order.
  const search = new URLSearchParams({ active: 'true', sort: 'area', page: String(page), pageSize: String(pageSize) });
  if (siteId !== undefined) search.set('siteId', String(siteId));
  if (q) search.set('q', q);
  if (area === NO_AREA) search.set('noArea', 'true');
  else if (area) search.set('area', area);
  return search.toString();
}

/** One page of the active traps an order can hold, matching the search. */
export function getPickableTraps(
  scope: Scope,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<TrapPage> {
  return apiRequest<TrapPage>(`/traps?${pickableSearch(scope, page, pageSize)}`, { signal });
}

/**
 * Every active trap of a group or of the whole search, for select-all: the first page tells how many there are,
 * the rest are asked for together. The caller has checked the count against the order's limit first.
 */
export async function getAllPickableTraps(scope: Scope): Promise<TrapPage['items']> {
  const first = await getPickableTraps(scope, 1, LARGEST_PAGE);
  const pages = Math.ceil(first.total / LARGEST_PAGE);
  const rest = await Promise.all(
    Array.from({ length: pages - 1 }, (_, index) => getPickableTraps(scope, index + 2, LARGEST_PAGE)),
  );
  return [first, ...rest].flatMap((page) => page.items);
}

export function usePickableTraps(q: string, siteId?: number) {
  return useInfiniteQuery({
    queryKey: queryKeys.pickableTraps(q, siteId),
    queryFn: ({ pageParam, signal }) => getPickableTraps({ q, siteId }, pageParam, PICKER_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}

function areasSearch(q: string, siteId: number | undefined): string {
  const search = new URLSearchParams();
  if (q) search.set('q', q);
  if (siteId !== undefined) search.set('siteId', String(siteId));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Each area's count of traps matching the search (in the order's site): the size of every group, loaded or not. */
export function usePickableAreas(q: string, siteId?: number) {
  return useQuery({
    queryKey: [...queryKeys.pickableTraps(q, siteId), 'areas'],
    queryFn: ({ signal }) => apiRequest<TrapAreaCount[]>(`/traps/areas${areasSearch(q, siteId)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
