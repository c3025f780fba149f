import type { ActionList } from '@rondin/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface ActionFilters {
  siteId: string;
  status: string;
  overdue: string;
  responsible: string;
}

/** The actions the list screen loads at a time; 'Cargar más' asks for the next ones. */
export const ACTIONS_PAGE_SIZE = 50;

export function getActions(
  filters: ActionFilters & { cursor?: string; limit?: number },
  signal?: AbortSignal,
): Promise<ActionList> {
  const query = new URLSearchParams(
    Object.entries(filters)
      .filter(([, value]) => value !== '' && value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );
  const text = query.toString();
  return apiRequest<ActionList>(`/actions${text ? `?${text}` : ''}`, { signal });
}

/** The list, a page at a time from the server's cursor; the pages loaded stay when the next one comes. */
export function useActions(filters: ActionFilters) {
  return useInfiniteQuery({
    queryKey: queryKeys.actionList(filters),
    queryFn: ({ pageParam, signal }) =>
      getActions({ ...filters, limit: ACTIONS_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** How many actions are open and overdue, over all of them: the dashboard's figures (one action read). */
export function useActionCounts() {
  const filters = { siteId: '', status: '', overdue: '', responsible: '' };
  return useQuery({
    queryKey: [...queryKeys.actionList(filters), 'counts'],
    queryFn: ({ signal }) => getActions({ ...filters, limit: 1 }, signal),
    select: ({ openCount, overdueCount }) => ({ openCount, overdueCount }),
  });
}
