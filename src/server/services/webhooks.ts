import { webhookLimits, type Webhook, type WebhookAttemptList, type WebhookList, type WebhookSendout, type WebhookWithSecret, type WebhookWriteRequest } from '../../contract/webhook';
import { countAttempts, findSendout, insertSendouts, listAttempts, sendAgain, type SendoutRow } from '../db/repositories/webhook-sendouts';
import type { ServiceContext } from '../context';
import { newId } from '../../platform/ids';
import { newSecret } from '../../platform/secrets';
import { countWebhooks, deleteWebhook as removeWebhook, findWebhook, insertWebhook, listWebhooks as queryWebhooks, lockProjectForWebhooks, updateWebhook as changeWebhook, type WebhookRow } from '../db/repositories/webhooks';
import { ensureCursors } from '../db/repositories/webhook-ledger';
import { privateTargetReason } from '../domain/webhook-target';
import { ApiError, invalidPayloadAt, notFound } from '../lib/api-error';
import { presentWebhook } from '../presenters/webhook';
import { authorOf } from '../domain/card-change-author';
import { envelopeOf } from './webhook-dispatch';

/**
 * The Management API's webhook configuration (/management/v1/projects/{projectId}/webhooks). A
 * management key opens its own project only; another project's id is answered as unknown.
 */

function assertOwnProject(principalProjectId: string, projectId: string): void {
  if (projectId !== principalProjectId) throw notFound('project', projectId);
}

/** Private and loopback targets only where WEBHOOK_PRIVATE_TARGETS allows them. */
function assertReachableTarget(ctx: ServiceContext, targetUrl: string): void {
  if (ctx.config.webhookPrivateTargets === 'allow') return;
  const reason = privateTargetReason(new URL(targetUrl));
  if (reason) throw invalidPayloadAt(['target_url'], `${reason}; webhooks may target public addresses only (WEBHOOK_PRIVATE_TARGETS=allow lets them reach private and loopback ones)`);
}

async function existing(ctx: ServiceContext, projectId: string, id: string): Promise<WebhookRow> {
  const row = await findWebhook(ctx.db, projectId, id);
  if (!row) throw notFound('webhook', id);
  return row;
}

export async function listWebhooks(ctx: ServiceContext, principalProjectId: string, projectId: string): Promise<WebhookList> {
  assertOwnProject(principalProjectId, projectId);
  const rows = await queryWebhooks(ctx.db, projectId);
  return { object: 'list', data_ref: 'data', data: rows.map(presentWebhook), total: rows.length };
}

export async function getWebhook(ctx: ServiceContext, principalProjectId: string, projectId: string, id: string): Promise<Webhook> {
  assertOwnProject(principalProjectId, projectId);
  return presentWebhook(await existing(ctx, projectId, id));
}

/** Creates an endpoint with a new signing secret, answered this once. At most `webhookLimits.perProject` per project. */
export async function createWebhook(ctx: ServiceContext, principalProjectId: string, projectId: string, body: WebhookWriteRequest): Promise<WebhookWithSecret> {
  assertOwnProject(principalProjectId, projectId);
  assertReachableTarget(ctx, body.target_url);
  const now = ctx.clock.now();
  const secret = newSecret();
  const row = await ctx.db.transaction(async (tx) => {
    await lockProjectForWebhooks(tx, projectId);
    const existingCount = await countWebhooks(tx, projectId);
    if (existingCount >= webhookLimits.perProject) {
      throw new ApiError(400, 'webhooks_limit_exceeded', 'Webhooks limit exceeded', `A project can have at most ${webhookLimits.perProject} webhooks; it has ${existingCount}`);
    }
    await ensureCursors(tx);
    return insertWebhook(tx, {
      id: newId('wh'),
      projectId,
      targetUrl: body.target_url,
      events: body.events,
      active: body.active ?? true,
      headers: body.headers ?? {},
      secret,
      createdAt: now,
    });
  });
  return { ...presentWebhook(row), secret };
}

/**
 * Replaces the endpoint's URL and events (as the real API: the events listed overwrite the old
 * ones), and its `active` and headers when given. Making it active again starts its count of
 * failed sendouts afresh.
 */
export async function updateWebhook(ctx: ServiceContext, principalProjectId: string, projectId: string, id: string, body: WebhookWriteRequest): Promise<Webhook> {
  assertOwnProject(principalProjectId, projectId);
  const before = await existing(ctx, projectId, id);
  assertReachableTarget(ctx, body.target_url);
  const active = body.active ?? before.active;
  const row = await changeWebhook(ctx.db, projectId, id, {
    targetUrl: body.target_url,
    events: body.events,
    active,
    ...(body.headers != null && { headers: body.headers }),
    ...(active && !before.active && { failedSendouts: 0 }),
    updatedAt: ctx.clock.now(),
  });
  if (!row) throw notFound('webhook', id);
  return presentWebhook(row);
}

export async function deleteWebhook(ctx: ServiceContext, principalProjectId: string, projectId: string, id: string): Promise<void> {
  assertOwnProject(principalProjectId, projectId);
  if (!(await removeWebhook(ctx.db, projectId, id))) throw notFound('webhook', id);
}

/** A new signing secret, answered this once; sendouts from now on are signed with it. */
export async function rotateWebhookSecret(ctx: ServiceContext, principalProjectId: string, projectId: string, id: string): Promise<WebhookWithSecret> {
  assertOwnProject(principalProjectId, projectId);
  const secret = newSecret();
  const row = await changeWebhook(ctx.db, projectId, id, { secret, updatedAt: ctx.clock.now() });
  if (!row) throw notFound('webhook', id);
  return { ...presentWebhook(row), secret };
}

/** An endpoint's sendout log, newest attempt first. */
export async function listWebhookAttempts(ctx: ServiceContext, principalProjectId: string, projectId: string, id: string, query: { limit: number; page: number }): Promise<WebhookAttemptList> {
  assertOwnProject(principalProjectId, projectId);
  await existing(ctx, projectId, id);
  const [rows, total] = await Promise.all([listAttempts(ctx.db, id, query.limit, (query.page - 1) * query.limit), countAttempts(ctx.db, id)]);
  return {
    object: 'list',
    data_ref: 'data',
    data: rows.map(({ attempt, sendout }) => ({
      sendout_id: sendout.id,
      event_id: sendout.eventId,
      event_type: sendout.eventType,
      attempt: attempt.attempt,
      status_code: attempt.statusCode,
      error: attempt.error,
      duration_ms: attempt.durationMs,
      response: attempt.response,
      created_at: attempt.createdAt.toISOString(),
      status: sendout.status,
      object: 'webhook_attempt' as const,
    })),
    total,
  };
}

export function presentSendout(row: SendoutRow): WebhookSendout {
  return { id: row.id, event_id: row.eventId, event_type: row.eventType, status: row.status, attempts: row.attempts, next_attempt_at: row.status === 'PENDING' ? row.nextAttemptAt.toISOString() : null, object: 'webhook_sendout' };
}

/** "Send again": the sendout is due at once (the same envelope, the same ids), sent by the next pass. */
export async function sendWebhookAgain(ctx: ServiceContext, principalProjectId: string, projectId: string, id: string, sendoutId: string): Promise<WebhookSendout> {
  assertOwnProject(principalProjectId, projectId);
  await existing(ctx, projectId, id);
  if (!(await findSendout(ctx.db, id, sendoutId))) throw notFound('webhook_sendout', sendoutId);
  const row = (await sendAgain(ctx.db, sendoutId, ctx.clock.now())) as NonNullable<Awaited<ReturnType<typeof sendAgain>>>;
  ctx.webhooks?.wake();
  return presentSendout(row);
}

/** The type of a test webhook: no event of the list, so a receiver that acts on event types ignores it. */
export const testWebhookType = 'webhook.test';

/**
 * "Send test webhook": a sendout to this endpoint alone, due at once, with the real envelope and
 * signature around a test payload. It is a sendout like any other (logged, retried on the project
 * clock, sent again on demand), so the test shows what a real event would meet. An inactive
 * endpoint keeps it until it is active again, as it keeps its other sendouts.
 */
export async function sendTestWebhook(ctx: ServiceContext, principalProjectId: string, projectId: string, id: string, dashboardUser: string | null): Promise<WebhookSendout> {
  assertOwnProject(principalProjectId, projectId);
  const webhook = await existing(ctx, projectId, id);
  const now = ctx.clock.now();
  const sendoutId = newId('whs');
  const eventId = newId('evtest');
  const eventSource = authorOf(dashboardUser).details?.event_source ?? { channel: 'API' as const };
  const body = envelopeOf(
    sendoutId,
    {
      id: eventId,
      projectId,
      type: testWebhookType,
      createdAt: now,
      entityId: webhook.id,
      groupId: eventId,
      eventSource,
      data: { object: 'webhook_test', message: 'A test webhook: the endpoint is reachable and the signature can be checked. Nothing happened in the project.' },
    },
    webhook,
  );
  await insertSendouts(ctx.db, [{ id: sendoutId, projectId, webhookId: webhook.id, eventId, eventType: testWebhookType, body, nextAttemptAt: now, createdAt: now }]);
  const row = (await findSendout(ctx.db, webhook.id, sendoutId)) as SendoutRow;
  ctx.webhooks?.wake();
  return presentSendout(row);
}
