import type { ApiToken, CreateApiTokenBody, CreatedApiToken } from '@rondin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const apiTokensKey = ['integrations', 'api-tokens'] as const;

/** The API tokens for other systems, never the tokens themselves. */
export function useApiTokens() {
  return useQuery({ queryKey: apiTokensKey, queryFn: () => apiRequest<ApiToken[]>('/api-tokens') });
}

/** Answers the token itself, this once. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiTokenBody) => apiRequest<CreatedApiToken>('/api-tokens', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensKey }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<ApiToken>(`/api-tokens/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensKey }),
  });
}
