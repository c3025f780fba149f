import type { RemoteEventPage } from '@rondin/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const TRAP_REMOTE_EVENTS_PAGE_SIZE = 20;

/** One page of what an electronic device reported, newest first. */
export function getTrapRemoteEvents(id: number, page: number, signal?: AbortSignal): Promise<RemoteEventPage> {
  return apiRequest<RemoteEventPage>(
    `/traps/${id}/remote-events?page=${page}&pageSize=${TRAP_REMOTE_EVENTS_PAGE_SIZE}`,
    { signal },
  );
}

export function useTrapRemoteEvents(id: number, page: number) {
  return useQuery({
    queryKey: queryKeys.trapRemoteEvents(id, page),
    queryFn: ({ signal }) => getTrapRemoteEvents(id, page, signal),
    placeholderData: keepPreviousData,
  });
}
