import type { TrendDimension, TrendInterval, TrendsReport } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** What a trend is asked for: the last twelve months up to now unless a period is given. */
export interface TrendsParams {
  interval: TrendInterval;
  by: TrendDimension | null;
  siteId?: number | undefined;
  /** Adds the same periods a year before (compare=prevYear). */
  compare?: boolean | undefined;
  /** Where the report is read: the office's GET /reports/trends unless told (the plant's portal has its own). */
  path?: string | undefined;
}

export function getTrends(params: TrendsParams, signal?: AbortSignal): Promise<TrendsReport> {
  const search = new URLSearchParams({ interval: params.interval });
  if (params.by) search.set('by', params.by);
  if (params.siteId !== undefined) search.set('siteId', String(params.siteId));
  if (params.compare) search.set('compare', 'prevYear');
  return apiRequest<TrendsReport>(`${params.path ?? '/reports/trends'}?${search}`, { signal });
}

export function useTrends(params: TrendsParams) {
  return useQuery({
    queryKey: queryKeys.trendReport(params),
    queryFn: ({ signal }) => getTrends(params, signal),
  });
}
