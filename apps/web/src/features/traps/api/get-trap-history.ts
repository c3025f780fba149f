import type { TrapHistoryPage } from '@rondin/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const TRAP_HISTORY_PAGE_SIZE = 20;

/** One page of the orders a trap was in, newest first. */
export function getTrapHistory(id: number, page: number, signal?: AbortSignal): Promise<TrapHistoryPage> {
  return apiRequest<TrapHistoryPage>(`/traps/${id}/history?page=${page}&pageSize=${TRAP_HISTORY_PAGE_SIZE}`, {
    signal,
  });
}

export function useTrapHistory(id: number, page: number) {
  return useQuery({
    queryKey: queryKeys.trapHistory(id, page),
    queryFn: ({ signal }) => getTrapHistory(id, page, signal),
    placeholderData: keepPreviousData,
  });
}
