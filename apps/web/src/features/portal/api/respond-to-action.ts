import type { CorrectiveActionDetail } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, FILE_TIMEOUT_MS } from '../../../lib/api-client';
import type { PhotoPaths } from '../../../lib/use-photo';
import { queryKeys } from '../../../lib/query-keys';

/** POST /portal/actions/{id}/acknowledge: she has read the recommendation (who and when are recorded). */
export function acknowledgeAction({ id, note }: { id: number; note: string }): Promise<CorrectiveActionDetail> {
  return apiRequest<CorrectiveActionDetail>(`/portal/actions/${id}/acknowledge`, {
    method: 'POST',
    body: note.trim() ? { note: note.trim() } : {},
  });
}

/**
 * POST /portal/actions/{id}/responses (multipart): what the plant did (`note`) and up to 3 photos already shrunk,
 * each in a field `file`, as every upload of the API takes them.
 */
export function respondToAction({
  id,
  note,
  photos,
}: {
  id: number;
  note: string;
  photos: Blob[];
}): Promise<CorrectiveActionDetail> {
  const form = new FormData();
  form.append('note', note.trim());
  photos.forEach((photo, index) => form.append('file', photo, `foto-${index + 1}.jpg`));
  return apiRequest<CorrectiveActionDetail>(`/portal/actions/${id}/responses`, {
    method: 'POST',
    body: form,
    timeoutMs: FILE_TIMEOUT_MS,
  });
}

/** Both refresh every portal read: the site's recommendations and the counts of what waits for her. */
export function useRespondToAction() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.portal });
  return {
    acknowledge: useMutation({ mutationFn: acknowledgeAction, onSuccess: refresh }),
    respond: useMutation({ mutationFn: respondToAction, onSuccess: refresh }),
  };
}

/** Where the portal reads a recommendation's photos (the plant's own and the office's evidence). */
export const portalActionPhotoPaths = (actionId: number): PhotoPaths => ({
  photo: (id) => `/portal/actions/${actionId}/photos/${id}`,
  thumbnail: (id) => `/portal/actions/${actionId}/photos/${id}?size=thumb`,
});
