import type { ProgrammeCoverage } from '@rondin/contracts';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { CoveragePeriod } from '../utils/coverage';

/** GET /api/sites/{id}/programme/coverage (ADMIN): visits and inspections against the contracted frequency. */
export function getProgrammeCoverage(
  siteId: number,
  { from, to }: CoveragePeriod,
  signal?: AbortSignal,
): Promise<ProgrammeCoverage> {
  return apiRequest<ProgrammeCoverage>(`/sites/${siteId}/programme/coverage?${new URLSearchParams({ from, to })}`, {
    signal,
  });
}

const coverageQuery = (siteId: number, period: CoveragePeriod | null) =>
  queryOptions({
    queryKey: queryKeys.programmeCoverage(siteId, period?.from ?? '', period?.to ?? ''),
    // Not asked until the site's day is known: the period is the site's days.
    queryFn: ({ signal }) => getProgrammeCoverage(siteId, period as CoveragePeriod, signal),
    enabled: period !== null,
  });

/** One site's coverage over the period (null: not yet known, nothing is asked). */
export function useProgrammeCoverage(siteId: number, period: CoveragePeriod | null) {
  return useQuery(coverageQuery(siteId, period));
}

/** Several sites' coverage, each over its own period (the dashboard). */
export function useProgrammeCoverages(sites: { siteId: number; period: CoveragePeriod | null }[]) {
  return useQueries({ queries: sites.map(({ siteId, period }) => coverageQuery(siteId, period)) });
}
