import type { Technician } from '@rondin/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getTechnicians(signal?: AbortSignal): Promise<Technician[]> {
  return apiRequest<Technician[]>('/technicians', { signal });
}

export const techniciansQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.technicians, queryFn: ({ signal }) => getTechnicians(signal) });

export function useTechnicians() {
  return useQuery(techniciansQueryOptions());
}
