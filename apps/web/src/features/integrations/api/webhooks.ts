import type {
  CreatedWebhook,
  CreateWebhookInput,
  UpdateWebhookBody,
  Webhook,
  WebhookDelivery,
} from '@rondin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const webhooksKey = ['integrations', 'webhooks'] as const;
const deliveriesKey = (id: number) => [...webhooksKey, id, 'deliveries'] as const;

/** The webhooks, never their secrets. */
export function useWebhooks() {
  return useQuery({ queryKey: webhooksKey, queryFn: () => apiRequest<Webhook[]>('/webhooks') });
}

/** A hook's newest deliveries, read again every 10 s while shown: retries land on their own. */
export function useWebhookDeliveries(id: number) {
  return useQuery({
    queryKey: deliveriesKey(id),
    queryFn: () => apiRequest<WebhookDelivery[]>(`/webhooks/${id}/deliveries`),
    refetchInterval: 10_000,
  });
}

/** Answers the secret itself, this once. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookInput) => apiRequest<CreatedWebhook>('/webhooks', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateWebhookBody & { id: number }) =>
      apiRequest<Webhook>(`/webhooks/${id}`, { method: 'PATCH', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>(`/webhooks/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

/** «Probar»: the test delivery, with the receiver's answer. */
export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<WebhookDelivery>(`/webhooks/${id}/test`, { method: 'POST' }),
    onSuccess: (_delivery, id) => queryClient.invalidateQueries({ queryKey: deliveriesKey(id) }),
  });
}
