import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { webhookSendoutSchema, type WebhookSendout } from '../../../../contract/webhook';
import { apiRequest } from '../../../lib/api-client';
import { webhookPath } from './webhooks-path';

/** POST …/webhooks/{id}/sendouts/{sendoutId}/send (an extension): the same webhook, due again at once. */
export function sendSendoutAgain({ webhookId, sendoutId }: { webhookId: string; sendoutId: string }): Promise<WebhookSendout> {
  return apiRequest(`${webhookPath(webhookId)}/sendouts/${encodeURIComponent(sendoutId)}/send`, webhookSendoutSchema, { method: 'POST' });
}

export function sendSendoutAgainMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['webhooks', 'send-again'],
    mutationFn: sendSendoutAgain,
    onSuccess: (_sendout, { webhookId }) => queryClient.invalidateQueries({ queryKey: ['webhooks', 'sendouts', webhookId] }),
  });
}

export function useSendSendoutAgain() {
  const queryClient = useQueryClient();
  return useMutation(sendSendoutAgainMutationOptions(queryClient));
}
