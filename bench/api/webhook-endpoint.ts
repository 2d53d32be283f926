import { webhookEventNames } from '../../src/contract/webhook';
import type { ServiceContext } from '../../src/server/context';
import { rowsAfterCursors } from '../../src/server/db/repositories/webhook-ledger';
import { createWebhook, deleteWebhook, listWebhooks } from '../../src/server/services/webhooks';

/** What the bench asks of the service thread about webhooks. */
export type WebhookMessage = { type: 'webhook-on'; url: string } | { type: 'webhook-off' } | { type: 'webhook-pending' };

/**
 * In the service thread: an endpoint subscribed to every event (on), every endpoint deleted with
 * its sendouts (off), or how many sendouts are still to be sent, plus one while written rows are
 * still to be made into sendouts (pending): a round starts with nothing of the one before.
 */
export async function handleWebhookMessage(ctx: ServiceContext, projectId: string, message: WebhookMessage): Promise<{ type: string; value: number }> {
  if (message.type === 'webhook-on') {
    await createWebhook(ctx, projectId, projectId, { target_url: message.url, events: [...webhookEventNames], active: true });
    return { type: 'webhook-on', value: 1 };
  }
  if (message.type === 'webhook-off') {
    const { data } = await listWebhooks(ctx, projectId, projectId);
    for (const webhook of data) await deleteWebhook(ctx, projectId, projectId, webhook.id);
    return { type: 'webhook-off', value: data.length };
  }
  const [{ n }] = await ctx.database.execute<{ n: number }>("SELECT count(*)::int AS n FROM webhook_sendouts WHERE status = 'PENDING'");
  return { type: 'webhook-pending', value: n + ((await rowsAfterCursors(ctx.db)) ? 1 : 0) };
}
