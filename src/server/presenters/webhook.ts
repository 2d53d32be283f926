import type { Webhook } from '../../contract/webhook';
import type { WebhookRow } from '../db/repositories/webhooks';

/** An endpoint as the Management API answers it; the secret never (create and rotation add it once). */
export function presentWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    object: 'webhook',
    created_at: row.createdAt.toISOString(),
    target_url: row.targetUrl,
    events: row.events,
    active: row.active,
    headers: row.headers,
    failed_sendouts: row.failedSendouts,
  };
}
