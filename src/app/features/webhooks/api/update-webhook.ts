import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { webhookSchema, type Webhook, type WebhookWriteRequest } from '../../../../contract/webhook';
import { apiRequest } from '../../../lib/api-client';
import { webhookPath, webhooksKeys } from './webhooks-path';

/** PUT …/webhooks/{id}: the URL, events, active and headers replaced (the secret stays). */
export function updateWebhook({ id, body }: { id: string; body: WebhookWriteRequest }): Promise<Webhook> {
  return apiRequest(webhookPath(id), webhookSchema, { method: 'PUT', body });
}

export function updateWebhookMutationOptions(queryClient: QueryClient) {
  return mutationOptions({ mutationKey: ['webhooks', 'update'], mutationFn: updateWebhook, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.all }) });
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation(updateWebhookMutationOptions(queryClient));
}
