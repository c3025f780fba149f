import type { MAX_PAGE_SIZE, SessionListItem, SessionPage } from '@rondin/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The API's largest page. */
const LARGEST_PAGE: typeof MAX_PAGE_SIZE = 200;

export interface CalendarFilters {
  /** The period shown, as instants (the browser's days). */
  from: string;
  to: string;
  siteId?: number | undefined;
  technicianId?: number | undefined;
}

/**
 * Every order scheduled in the period, read page after page of the order list: a month of a busy company is a
 * few hundred orders.
 */
export async function getCalendarOrders(filters: CalendarFilters, signal?: AbortSignal): Promise<SessionListItem[]> {
  const orders: SessionListItem[] = [];
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({
      scheduledFrom: filters.from,
      scheduledTo: filters.to,
      page: String(page),
      pageSize: String(LARGEST_PAGE),
    });
    if (filters.siteId) query.set('siteId', String(filters.siteId));
    if (filters.technicianId) query.set('technicianId', String(filters.technicianId));
    const answer = await apiRequest<SessionPage>(`/sessions?${query}`, { signal });
    orders.push(...answer.items);
    if (orders.length >= answer.total || answer.items.length === 0) return orders;
  }
}

export function useCalendarOrders(filters: CalendarFilters) {
  return useQuery({
    queryKey: queryKeys.calendarOrders(filters),
    queryFn: ({ signal }) => getCalendarOrders(filters, signal),
    placeholderData: keepPreviousData,
  });
}
