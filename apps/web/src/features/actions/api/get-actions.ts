import type { ActionList } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface ActionFilters {
  siteId: string;
  status: string;
  overdue: string;
  responsible: string;
}

export function getActions(filters: ActionFilters, signal?: AbortSignal): Promise<ActionList> {
  const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== ''));
  const text = query.toString();
  return apiRequest<ActionList>(`/actions${text ? `?${text}` : ''}`, { signal });
}

export function useActions(filters: ActionFilters) {
  return useQuery({ queryKey: queryKeys.actionList(filters), queryFn: ({ signal }) => getActions(filters, signal) });
}
