import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function deleteActionPhoto({ actionId, photoId }: { actionId: number; photoId: number }): Promise<void> {
  return apiRequest<void>(`/actions/${actionId}/photos/${photoId}`, { method: 'DELETE' });
}

export function useDeleteActionPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteActionPhoto,
    onSuccess: (_nothing, { actionId }) => queryClient.invalidateQueries({ queryKey: queryKeys.action(actionId) }),
  });
}
