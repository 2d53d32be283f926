import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { webhookSendoutSchema, type WebhookSendout } from '../../../../contract/webhook';
import { apiRequest } from '../../../lib/api-client';
import { webhookPath } from './webhooks-path';

/** POST …/webhooks/{id}/test (an extension): a signed test webhook to this endpoint, due at once. */
export function sendTestWebhook(id: string): Promise<WebhookSendout> {
  return apiRequest(`${webhookPath(id)}/test`, webhookSendoutSchema, { method: 'POST' });
}

export function sendTestWebhookMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['webhooks', 'test'],
    mutationFn: sendTestWebhook,
    onSuccess: (_sendout, id) => queryClient.invalidateQueries({ queryKey: ['webhooks', 'sendouts', id] }),
  });
}

export function useSendTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation(sendTestWebhookMutationOptions(queryClient));
}

