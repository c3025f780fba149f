import type { MAX_PAGE_SIZE, Placement, Trap, TrapPage } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The API's largest page: a plant's few hundred devices come in two or three calls. */
const LARGEST_PAGE: typeof MAX_PAGE_SIZE = 200;

function devicesPage(siteId: number, page: number, signal?: AbortSignal): Promise<TrapPage> {
  const search = new URLSearchParams({
    siteId: String(siteId),
    active: 'true',
    page: String(page),
    pageSize: String(LARGEST_PAGE),
  });
  return apiRequest<TrapPage>(`/traps?${search}`, { signal });
}

/** Every active device of the site, in code order: the first page tells how many, the rest come together. */
export async function getSiteDevices(siteId: number, signal?: AbortSignal): Promise<Trap[]> {
  const first = await devicesPage(siteId, 1, signal);
  const pages = Math.ceil(first.total / LARGEST_PAGE);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pages - 1) }, (_, index) => devicesPage(siteId, index + 2, signal)),
  );
  return [first, ...rest].flatMap((page) => page.items);
}

export function useSiteDevices(siteId: number) {
  return useQuery({ queryKey: queryKeys.siteDevices(siteId), queryFn: ({ signal }) => getSiteDevices(siteId, signal) });
}

/** How many active devices of the site stand on no plan: the page's 'sin ubicar'. */
export async function getUnplacedCount(siteId: number, signal?: AbortSignal): Promise<number> {
  const search = new URLSearchParams({ siteId: String(siteId), active: 'true', placed: 'false', pageSize: '1' });
  return (await apiRequest<TrapPage>(`/traps?${search}`, { signal })).total;
}

export const unplacedCountKey = (siteId: number) => [...queryKeys.siteDevices(siteId), 'unplaced'] as const;

export function useUnplacedCount(siteId: number) {
  return useQuery({
    queryKey: unplacedCountKey(siteId),
    queryFn: ({ signal }) => getUnplacedCount(siteId, signal),
  });
}

/** Where each placed device of the site stands. */
export function getSitePlacements(siteId: number, signal?: AbortSignal): Promise<Placement[]> {
  return apiRequest<Placement[]>(`/sites/${siteId}/placements`, { signal });
}

export function useSitePlacements(siteId: number) {
  return useQuery({
    queryKey: queryKeys.sitePlacements(siteId),
    queryFn: ({ signal }) => getSitePlacements(siteId, signal),
  });
}
