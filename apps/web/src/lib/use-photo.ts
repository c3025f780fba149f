import { useQuery } from '@tanstack/react-query';
import { apiBlob } from './api-client';
import { queryKeys } from './query-keys';

/** A device's photo (JPEG or WebP, at most 2 MB), through the authenticated client. */
export function getPhoto(id: number, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(`/photos/${id}`, { signal });
}

/**
 * A photo's bytes, read once `enabled` (a thumbnail scrolled into view): a photo never changes, so it is kept
 * as long as the screen shows it and read again only after it has been out of use for five minutes.
 */
export function usePhoto(id: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.photo(id),
    queryFn: ({ signal }) => getPhoto(id, signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
  });
}
