import { useQuery } from '@tanstack/react-query';
import { apiBlob } from './api-client';
import { queryKeys } from './query-keys';

/** Where a photo and its small copy are read: a finding's under /photos, an action's under its action. */
export interface PhotoPaths {
  photo: (id: number) => string;
  thumbnail: (id: number) => string;
}

/** A device's photo (JPEG or WebP, at most 2 MB) and its small WebP (320 px on its longest side, ~10–20 KB). */
export const FINDING_PHOTOS: PhotoPaths = {
  photo: (id) => `/photos/${id}`,
  thumbnail: (id) => `/photos/${id}?size=thumb`,
};

/**
 * A photo's bytes, read once `enabled` (a thumbnail scrolled into view): a photo never changes, so it is kept
 * as long as the screen shows it and read again only after it has been out of use for five minutes.
 */
export function usePhoto(id: number, enabled = true, paths: PhotoPaths = FINDING_PHOTOS) {
  return useQuery({
    queryKey: paths === FINDING_PHOTOS ? queryKeys.photo(id) : queryKeys.photoAt(paths.photo(id)),
    queryFn: ({ signal }) => apiBlob(paths.photo(id), { signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
  });
}

/** A photo's thumbnail, read once `enabled`, kept as the photo is: the lists show it, the viewer shows the photo. */
export function usePhotoThumbnail(id: number, enabled = true, paths: PhotoPaths = FINDING_PHOTOS) {
  return useQuery({
    queryKey: paths === FINDING_PHOTOS ? queryKeys.photoThumbnail(id) : queryKeys.photoAt(paths.thumbnail(id)),
    queryFn: ({ signal }) => apiBlob(paths.thumbnail(id), { signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
  });
}
