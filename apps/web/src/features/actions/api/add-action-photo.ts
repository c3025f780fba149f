import type { ActionPhoto } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, FILE_TIMEOUT_MS } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function addActionPhoto({ actionId, file }: { actionId: number; file: File }): Promise<ActionPhoto> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest<ActionPhoto>(`/actions/${actionId}/photos`, {
    method: 'POST',
    body: form,
    timeoutMs: FILE_TIMEOUT_MS,
  });
}

export function useAddActionPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addActionPhoto,
    onSettled: (_photo, _error, { actionId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.action(actionId) }),
  });
}
