import type { InspectionPage } from '@rondin/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { type InspectionFilters, inspectionSearch } from '../utils/inspection-search';

/** One page of inspected devices, filtered on the server, newest first. */
export function getInspectionPage(filters: InspectionFilters, signal?: AbortSignal): Promise<InspectionPage> {
  return apiRequest<InspectionPage>(`/inspections?${inspectionSearch(filters)}`, { signal });
}

export const inspectionPageQueryOptions = (filters: InspectionFilters) =>
  queryOptions({
    queryKey: queryKeys.inspectionPage(filters),
    queryFn: ({ signal }) => getInspectionPage(filters, signal),
    // The rows stay on screen (dimmed) while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

/** Disabled while the period is incomplete (a custom period without both days). */
export function useInspectionPage(filters: InspectionFilters, enabled: boolean) {
  return useQuery({ ...inspectionPageQueryOptions(filters), enabled });
}
