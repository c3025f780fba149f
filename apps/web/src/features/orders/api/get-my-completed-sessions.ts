import type { Session, SessionPage, SessionSummary } from '@rondin/contracts';
import { queryOptions, useQueries, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A phone screen holds two or three cards: ten is a few screens' worth per tap on 'Ver más'. */
export const COMPLETED_PAGE_SIZE = 10;

/** One page of the signed-in user's completed orders, newest first: summaries with their counts, no items. */
export function getMyCompletedSessions(page: number, signal?: AbortSignal): Promise<SessionPage> {
  const search = new URLSearchParams({
    status: 'COMPLETED',
    page: String(page),
    pageSize: String(COMPLETED_PAGE_SIZE),
  });
  return apiRequest<SessionPage>(`/sessions/me?${search}`, { signal });
}

export const myCompletedSessionsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.myCompletedSessions(page),
    queryFn: ({ signal }) => getMyCompletedSessions(page, signal),
  });

export interface CompletedOrders {
  /** Every order of the pages read so far, in order, each once. */
  orders: SessionSummary[];
  /** How many completed orders the technician has, as the server counted them on the first page. */
  total: number | undefined;
  /** The first page has not arrived yet. */
  isPending: boolean;
  /** The first page could not be read and nothing is on screen. */
  isError: boolean;
  /** A later page asked for with 'Ver más' is on its way. */
  loadingMore: boolean;
  /** A later page could not be read. */
  moreFailed: boolean;
  /** The server has orders beyond the pages read. */
  hasMore: boolean;
  /** Reads again the pages that failed. */
  retry: () => void;
}

/**
 * Joins pages 1…n into one list. Pages read at different moments may overlap (an order closed in between
 * shifts the rest by one): an order already listed is not listed again. Every page is re-read together on
 * each refresh, so the overlap does not outlive the next one.
 */
export function joinCompletedPages(results: UseQueryResult<SessionPage>[]): CompletedOrders {
  const seen = new Set<number>();
  const orders: SessionSummary[] = [];
  for (const { data } of results) {
    for (const order of data?.items ?? []) {
      if (seen.has(order.id)) continue;
      seen.add(order.id);
      orders.push(order);
    }
  }
  const [first] = results;
  const later = results.slice(1);
  const lastRead = results.findLast((result) => result.data !== undefined)?.data;
  return {
    orders,
    total: first?.data?.total,
    isPending: first?.isPending ?? true,
    isError: first?.data === undefined && first?.isError === true,
    loadingMore: later.some((result) => result.isPending),
    moreFailed: later.some((result) => result.isError && result.data === undefined),
    hasMore: lastRead !== undefined && lastRead.page * lastRead.pageSize < lastRead.total,
    retry: () => {
      for (const result of results) if (result.isError) void result.refetch();
    },
  };
}

/** The technician's completed orders, the first `pages` pages of them. */
export function useMyCompletedSessions(pages: number): CompletedOrders {
  return useQueries({
    queries: Array.from({ length: pages }, (_, index) => myCompletedSessionsQueryOptions(index + 1)),
    combine: joinCompletedPages,
  });
}

/**
 * An order that leaves the open list was closed (or deleted): the completed pages are read again, so a close
 * made on another device shows up even when no realtime event arrives.
 */
export function useRefreshCompletedOnClose(openOrders: readonly Session[] | undefined): void {
  const queryClient = useQueryClient();
  const previous = useRef<readonly Session[] | undefined>(undefined);
  useEffect(() => {
    const before = previous.current;
    previous.current = openOrders;
    if (!before || !openOrders) return;
    const open = new Set(openOrders.map((order) => order.id));
    if (before.some((order) => !open.has(order.id))) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.myCompletedSessionPages });
    }
  }, [openOrders, queryClient]);
}
