import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { webhookAttemptListQuerySchema, webhookAttemptListSchema, type WebhookAttemptList } from '../../../../contract/webhook';
import { apiRequest } from '../../../lib/api-client';
import { contractQuery } from '../../../lib/contract-query';
import { webhookPath, webhooksKeys } from './webhooks-path';

export const sendoutsPageSize = 10;

/** GET …/webhooks/{id}/sendouts (an extension): the endpoint's attempts, newest first; `page` is 1-based. */
export function getWebhookSendouts(id: string, page: number, signal?: AbortSignal): Promise<WebhookAttemptList> {
  return apiRequest(`${webhookPath(id)}/sendouts`, webhookAttemptListSchema, { query: contractQuery(webhookAttemptListQuerySchema, { limit: sendoutsPageSize, page }), signal });
}

/** Polled every 2 s while shown: a test or a sendout sent again appears once it has been tried. */
export function webhookSendoutsQueryOptions(id: string, page: number) {
  return queryOptions({
    queryKey: webhooksKeys.sendouts(id, page),
    queryFn: ({ signal }) => getWebhookSendouts(id, page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 2000,
  });
}

export function useWebhookSendouts(id: string, page: number) {
  return useQuery(webhookSendoutsQueryOptions(id, page));
}
