import type { ComplianceReport } from '@rondin/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The API's period [from, to), as ISO instants. */
export interface ReportRange {
  from: string;
  to: string;
}

export function rangeSearch({ from, to }: ReportRange): string {
  return new URLSearchParams({ from, to }).toString();
}

export function getCompliance(range: ReportRange, signal?: AbortSignal): Promise<ComplianceReport> {
  return apiRequest<ComplianceReport>(`/reports/compliance?${rangeSearch(range)}`, { signal });
}

/** Under the compliance prefix, which closing or deleting an order invalidates, one entry per period. */
export const complianceQueryOptions = (range: ReportRange) =>
  queryOptions({
    queryKey: [...queryKeys.compliance, range.from, range.to],
    queryFn: ({ signal }) => getCompliance(range, signal),
  });

export function useCompliance(range: ReportRange | undefined) {
  return useQuery({
    ...complianceQueryOptions(range ?? { from: '', to: '' }),
    enabled: range !== undefined,
  });
}
