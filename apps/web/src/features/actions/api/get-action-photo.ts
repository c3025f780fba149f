import type { PhotoPaths } from '../../../lib/use-photo';

/** Where an action's photos are read (GET /actions/{id}/photos/{photoId}): the photo, and its small JPEG made at upload. */
export const actionPhotoPaths = (actionId: number): PhotoPaths => ({
  photo: (id) => `/actions/${actionId}/photos/${id}`,
  thumbnail: (id) => `/actions/${actionId}/photos/${id}?size=thumb`,
});
