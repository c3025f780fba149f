import type { CorrectiveActionDetail } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getAction(id: number, signal?: AbortSignal): Promise<CorrectiveActionDetail> {
  return apiRequest<CorrectiveActionDetail>(`/actions/${id}`, { signal });
}

export function useAction(id: number) {
  return useQuery({ queryKey: queryKeys.action(id), queryFn: ({ signal }) => getAction(id, signal) });
}
