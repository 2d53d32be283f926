import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhookListSchema, type WebhookList } from '../../../../contract/webhook';
import { apiRequest } from '../../../lib/api-client';
import { webhooksKeys, webhooksPath } from './webhooks-path';

/** GET …/webhooks: every endpoint of the project (at most 100), without their secrets. */
export function getWebhooks(signal?: AbortSignal): Promise<WebhookList> {
  return apiRequest(webhooksPath, webhookListSchema, { signal });
}

export function webhooksQueryOptions() {
  return queryOptions({ queryKey: webhooksKeys.list(), queryFn: ({ signal }) => getWebhooks(signal) });
}

export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}
