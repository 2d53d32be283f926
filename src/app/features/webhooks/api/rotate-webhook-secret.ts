import { mutationOptions, useMutation } from '@tanstack/react-query';
import { webhookWithSecretSchema, type WebhookWithSecret } from '../../../../contract/webhook';
import { apiRequest } from '../../../lib/api-client';
import { webhookPath } from './webhooks-path';

/** POST …/webhooks/{id}/secret (an extension): a new signing secret, answered this once. */
export function rotateWebhookSecret(id: string): Promise<WebhookWithSecret> {
  return apiRequest(`${webhookPath(id)}/secret`, webhookWithSecretSchema, { method: 'POST' });
}

export function rotateWebhookSecretMutationOptions() {
  return mutationOptions({ mutationKey: ['webhooks', 'rotate-secret'], mutationFn: rotateWebhookSecret });
}

export function useRotateWebhookSecret() {
  return useMutation(rotateWebhookSecretMutationOptions());
}
