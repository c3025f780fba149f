import type { SearchResponse } from '@rondin/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The least the server searches (SEARCH_MIN_LENGTH in the contracts). */
export const SEARCH_MIN_LENGTH = 2;

export function search(q: string, signal?: AbortSignal): Promise<SearchResponse> {
  return apiRequest<SearchResponse>(`/search?${new URLSearchParams({ q })}`, { signal });
}

export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.search(q),
    queryFn: ({ signal }) => search(q, signal),
    // Records change while the box is open elsewhere; a text typed again a minute later asks again.
    staleTime: 30_000,
  });

/** The answer for `q` once it is long enough; the last answer stays on screen while the next one comes. */
export function useSearch(q: string) {
  return useQuery({
    ...searchQueryOptions(q),
    enabled: q.length >= SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
}
