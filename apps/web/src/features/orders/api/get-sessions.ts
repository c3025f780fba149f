import type { SessionPage } from '@rondin/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Three columns of cards on a laptop, two on a tablet: 24 fill whole rows on both. */
export const ORDERS_PAGE_SIZE = 24;

/** The order list's filters as the screen keeps them in its address; dates are local calendar days. */
export interface OrderFilters {
  q: string;
  status: string;
  technicianId: string;
  from: string;
  to: string;
  /** 'true': only the orders not completed whose scheduled time has passed (the dashboard's alert links here). */
  overdue: string;
  /** One site's orders (offered with several sites). */
  siteId: string;
  page: number;
}

/** A `YYYY-MM-DD` day in the browser's zone as the instant it starts (or ends), in ISO (UTC). */
export function dayBoundary(day: string, edge: 'start' | 'end'): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function sessionPageSearch({ q, status, technicianId, from, to, overdue, siteId, page }: OrderFilters): string {
  const search = new URLSearchParams({ page: String(page), pageSize: String(ORDERS_PAGE_SIZE) });
  if (q) search.set('q', q);
  if (/^\d+$/.test(siteId)) search.set('siteId', siteId);
  if (status) search.set('status', status);
  if (/^\d+$/.test(technicianId)) search.set('technicianId', technicianId);
  const scheduledFrom = dayBoundary(from, 'start');
  const scheduledTo = dayBoundary(to, 'end');
  if (scheduledFrom) search.set('scheduledFrom', scheduledFrom);
  if (scheduledTo) search.set('scheduledTo', scheduledTo);
  if (overdue === 'true') search.set('overdue', 'true');
  return search.toString();
}

/** One page of order summaries (no items), newest first, filtered on the server (administrators only). */
export function getSessionPage(filters: OrderFilters, signal?: AbortSignal): Promise<SessionPage> {
  return apiRequest<SessionPage>(`/sessions?${sessionPageSearch(filters)}`, { signal });
}

export const sessionPageQueryOptions = (filters: OrderFilters) =>
  queryOptions({
    queryKey: queryKeys.sessionPage(filters),
    queryFn: ({ signal }) => getSessionPage(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useSessionPage(filters: OrderFilters) {
  return useQuery(sessionPageQueryOptions(filters));
}

/** How many orders exist at all, for the header while filters narrow the list (one row asked for, its total read). */
export function useOrderCount(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.sessionPage({ count: true }),
    queryFn: ({ signal }) =>
      apiRequest<SessionPage>(`/sessions?page=1&pageSize=1`, { signal }).then((page) => page.total),
    enabled,
  });
}
