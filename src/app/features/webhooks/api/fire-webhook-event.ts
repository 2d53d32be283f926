import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { firedWebhookSchema, type FireableWebhookEvent, type FiredWebhook } from '../../../../contract/webhook-fire';
import { apiRequest } from '../../../lib/api-client';

export interface FireWebhookEventInput {
  webhookId: string;
  type: FireableWebhookEvent;
}

/**
 * POST /_local/webhooks/fire (an extension, served with LOCAL_CONTROL=on): one event of the type,
 * its payload built from the project's own customer and card, sent to this endpoint like any other
 * sendout. Goes upstream with the API key pair, not the management one.
 */
export function fireWebhookEvent({ webhookId, type }: FireWebhookEventInput): Promise<FiredWebhook> {
  return apiRequest('/_local/webhooks/fire', firedWebhookSchema, { method: 'POST', body: { type, webhook_id: webhookId } });
}

export function fireWebhookEventMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['webhooks', 'fire'],
    mutationFn: fireWebhookEvent,
    onSuccess: (_fired, { webhookId }) => queryClient.invalidateQueries({ queryKey: ['webhooks', 'sendouts', webhookId] }),
  });
}

export function useFireWebhookEvent() {
  const queryClient = useQueryClient();
  return useMutation(fireWebhookEventMutationOptions(queryClient));
}
