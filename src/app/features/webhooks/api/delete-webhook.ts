import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { webhookPath, webhooksKeys } from './webhooks-path';

/** DELETE …/webhooks/{id}: 204; the endpoint, its pending sendouts and its log are gone. */
export function deleteWebhook(id: string): Promise<void> {
  return apiRequest(webhookPath(id), z.undefined(), { method: 'DELETE' });
}

export function deleteWebhookMutationOptions(queryClient: QueryClient) {
  return mutationOptions({ mutationKey: ['webhooks', 'delete'], mutationFn: deleteWebhook, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.all }) });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation(deleteWebhookMutationOptions(queryClient));
}
