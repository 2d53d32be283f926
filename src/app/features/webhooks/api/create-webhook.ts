import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { webhookWithSecretSchema, type WebhookWithSecret, type WebhookWriteRequest } from '../../../../contract/webhook';
import { apiRequest } from '../../../lib/api-client';
import { webhooksKeys, webhooksPath } from './webhooks-path';

/** POST …/webhooks: a new endpoint, answered with its signing secret, the only time it is shown. */
export function createWebhook(body: WebhookWriteRequest): Promise<WebhookWithSecret> {
  return apiRequest(webhooksPath, webhookWithSecretSchema, { method: 'POST', body });
}

export function createWebhookMutationOptions(queryClient: QueryClient) {
  return mutationOptions({ mutationKey: ['webhooks', 'create'], mutationFn: createWebhook, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.all }) });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation(createWebhookMutationOptions(queryClient));
}
