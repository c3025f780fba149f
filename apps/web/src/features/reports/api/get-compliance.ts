import type { ComplianceReport } from '@rondin/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getCompliance(signal?: AbortSignal): Promise<ComplianceReport> {
  return apiRequest<ComplianceReport>('/reports/compliance', { signal });
}

export const complianceQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.compliance, queryFn: ({ signal }) => getCompliance(signal) });

export function useCompliance() {
  return useQuery(complianceQueryOptions());
}
