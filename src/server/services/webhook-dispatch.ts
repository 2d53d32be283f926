import { createHash, randomUUID } from 'node:crypto';
import type { WebhookContext } from '../context';
import { activeWebhooksOf, insertLeasedSendouts, type LeasedSendout, type NewSendout } from '../db/repositories/webhook-sendouts';
import { lockCursor, readAfter, readHorizon, saveCursor, skipWhileNoEndpoint, type Cursor } from '../db/repositories/webhook-ledger';
import { committedBefore, webhookSources, type WebhookSource } from '../domain/webhook-events';
import { eventsOfRows, type WebhookEvent } from './webhook-payloads';
import type { WebhookRow } from '../db/repositories/webhooks';
import { webhookLeaseMs } from './webhook-delivery';

/**
 * Turns what was written since the last pass into sendouts (docs/architecture.md, "Webhooks"): the
 * rows of every source after its cursor and below the horizon are read, their events made into
 * one sendout per subscribed active endpoint, and the cursors moved past them, in one transaction.
 * A crash before the commit leaves the cursors where they were, so the rows are read again and
 * nothing is lost; the sendouts commit with the cursors, so no row is reported twice.
 */

/** The envelope the real API sends: the sendout's id, the event, and the endpoint it goes to. */
export function envelopeOf(sendoutId: string, event: Omit<WebhookEvent, 'type' | 'sourceKey'> & { type: string }, webhook: WebhookRow): string {
  return JSON.stringify({
    id: sendoutId,
    project_id: event.projectId,
    created_at: event.createdAt.toISOString(),
    type: event.type,
    data: event.data,
    source: { id: webhook.id, object: 'webhook', target_url: webhook.targetUrl },
    event: { id: event.id, type: event.type, created_at: event.createdAt.toISOString(), entity_id: event.entityId, group_id: event.groupId, event_source: event.eventSource },
  });
}

/** A sendout's id, made from its endpoint and event: reading a row again makes the same sendout, which the primary key keeps once. */
export function sendoutIdOf(webhookId: string, eventId: string): string {
  return `whs_${createHash('sha256').update(`${webhookId}\u0000${eventId}`).digest('hex').slice(0, 24)}`;
}

function sendoutsOf(events: { xid: number; event: WebhookEvent }[], endpoints: WebhookRow[]): NewSendout[] {
  return events.flatMap(({ xid, event }) =>
    endpoints
      // An endpoint hears what had not committed yet when it was created.
      .filter((w) => w.projectId === event.projectId && w.events.includes(event.type) && !committedBefore(xid, w.createdSnapshot))
      .map((w) => {
        const id = sendoutIdOf(w.id, event.id);
        return { id, projectId: event.projectId, webhookId: w.id, eventId: event.id, eventType: event.type, body: envelopeOf(id, event, w), nextAttemptAt: event.createdAt, createdAt: event.createdAt };
      }),
  );
}

/** What a pass wrote, leased to this process until `leasedUntil` (real time, epoch ms) under `token`: the caller sends them. */
export interface DispatchedSendouts {
  token: string;
  leasedUntil: number;
  leases: LeasedSendout[];
}

/** Within one transaction the cause comes before its effects: a publication, event or order before the card transactions it made. */
const sourceRank: Record<WebhookSource, number> = { publications: 0, events: 1, webhook_outbox: 2, card_transactions: 3 };

/**
 * One pass in one transaction: every source's cursor locked (another process dispatching
 * meanwhile: this pass does nothing), the rows after each read, their events made in the order
 * their transactions got their ids, and the cursors moved past them.
 */
async function dispatchPass(ctx: WebhookContext, limit: number, leaseMs: number): Promise<{ more: boolean; sendouts: number; leased?: DispatchedSendouts }> {
  return ctx.db.transaction(async (tx) => {
    const horizon = await readHorizon(tx);
    const cursors = new Map<WebhookSource, Cursor>();
    for (const source of webhookSources) {
      const cursor = await lockCursor(tx, source, horizon);
      if (cursor === 'busy') return { more: false, sendouts: 0 };
      cursors.set(source, cursor);
    }
    let more = false;
    const made: { xid: number; rank: number; order: number; event: WebhookEvent }[] = [];
    for (const source of webhookSources) {
      const cursor = cursors.get(source) as Cursor;
      const { rows, keys } = await readAfter(tx, source, cursor, horizon, limit);
      const last = rows.at(-1);
      const full = rows.length >= limit && last !== undefined;
      more ||= full;
      const next: Cursor = full ? { xid: Number(last.xid), key: keys[keys.length - 1] } : { xid: horizon, key: null };
      if (rows.length > 0) {
        const xidOf = new Map(keys.map((key, i) => [key, Number(rows[i].xid)]));
        const events = await eventsOfRows(tx, { source, rows, keys } as Parameters<typeof eventsOfRows>[1]);
        events.forEach((event, order) => made.push({ xid: xidOf.get(event.sourceKey) ?? 0, rank: sourceRank[source], order, event }));
      }
      if (next.xid > cursor.xid || (next.xid === cursor.xid && next.key !== cursor.key)) await saveCursor(tx, source, next);
    }
    made.sort((a, b) => a.xid - b.xid || a.rank - b.rank || a.order - b.order);
    const endpoints = await activeWebhooksOf(tx, [...new Set(made.map((m) => m.event.projectId))]);
    const token = randomUUID();
    const leasedUntil = ctx.clock.realNow().getTime() + leaseMs;
    const inserted = await insertLeasedSendouts(tx, sendoutsOf(made, endpoints), token, new Date(leasedUntil));
    const webhookOf = new Map(endpoints.map((w) => [w.id, w]));
    const leases = inserted.map((sendout) => ({ sendout, webhook: webhookOf.get(sendout.webhookId) as WebhookRow }));
    return { more, sendouts: inserted.length, leased: leases.length > 0 ? { token, leasedUntil, leases } : undefined };
  });
}

/**
 * One pass over every source; `more` when a source had more rows than one batch (run again). The
 * sendouts it wrote come back leased to this process (`leased`), to be sent from memory. With no
 * active endpoint anywhere, the cursors just move to the horizon: one statement, nothing read.
 */
export async function dispatchWebhookEvents(ctx: WebhookContext, limit = 500, leaseMs = webhookLeaseMs): Promise<{ more: boolean; sendouts: number; endpoints: boolean; leased?: DispatchedSendouts }> {
  if (!(await skipWhileNoEndpoint(ctx.db))) return { more: false, sendouts: 0, endpoints: false };
  return { ...(await dispatchPass(ctx, limit, leaseMs)), endpoints: true };
}
