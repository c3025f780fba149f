import { useQuery } from '@tanstack/react-query';
import { apiBlob } from './api-client';
import { queryKeys } from './query-keys';

/** A device's photo (JPEG or WebP, at most 2 MB), through the authenticated client. */
function getPhoto(id: number, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(`/photos/${id}`, { signal });
}

/** The photo as a small WebP (320 px on its longest side, ~10–20 KB) for the lists' thumbnails. */
function getPhotoThumbnail(id: number, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(`/photos/${id}?size=thumb`, { signal });
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

/** A photo's thumbnail, read once `enabled`, kept as the photo is: the lists show it, the viewer shows the photo. */
export function usePhotoThumbnail(id: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.photoThumbnail(id),
    queryFn: ({ signal }) => getPhotoThumbnail(id, signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
  });
}
