import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiBlob, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const PATH = '/technicians/me/signature';

/** The signed-in user's saved signature as a PNG, or null when they have none (404). */
export async function getOwnSignature(): Promise<Blob | null> {
  try {
    return await apiBlob(PATH);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useOwnSignature() {
  return useQuery({ queryKey: queryKeys.ownSignature, queryFn: getOwnSignature });
}

/** Saves (or replaces) the user's signature: a base64 PNG without the data: prefix. */
export function useSaveOwnSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imagePng: string) => apiRequest<void>(PATH, { method: 'PUT', body: { imagePng } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.ownSignature }),
  });
}

export function useDeleteOwnSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>(PATH, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.ownSignature }),
  });
}
