import type { CoverageInterval, CoverageReport } from '@rondin/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A site's coverage over the last twelve months of its zone (the API's default period). */
export interface CoverageParams {
  siteId: number;
  interval: CoverageInterval;
}

export function getCoverage({ siteId, interval }: CoverageParams, signal?: AbortSignal): Promise<CoverageReport> {
  const search = new URLSearchParams({ siteId: String(siteId), interval });
  return apiRequest<CoverageReport>(`/reports/coverage?${search}`, { signal });
}

/** Under the reports prefix, with the compliance figures and trends it is read beside. */
export function useCoverage(params: CoverageParams | undefined) {
  return useQuery({
    queryKey: ['reports', 'coverage', params?.siteId ?? null, params?.interval ?? null] as const,
    queryFn: ({ signal }) => getCoverage(params!, signal),
    enabled: params !== undefined,
    placeholderData: keepPreviousData,
  });
}
