import type { Reminders } from '@rondin/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getReminders(signal?: AbortSignal): Promise<Reminders> {
  return apiRequest<Reminders>('/reports/reminders', { signal });
}

export const remindersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.reminders, queryFn: ({ signal }) => getReminders(signal) });

export function useReminders() {
  return useQuery(remindersQueryOptions());
}
