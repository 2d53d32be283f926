import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../../platform/db/client';
import { webhookAttempts, webhookSendouts, webhooks } from '../../../platform/db/schema';
import { disableAfterFailedSendouts } from '../../domain/webhook-retries';
import type { WebhookRow } from './webhooks';

export type SendoutRow = typeof webhookSendouts.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

/** The active endpoints of these projects: where new events go. */
export async function activeWebhooksOf(db: DbOrTx, projectIds: string[]): Promise<WebhookRow[]> {
  if (projectIds.length === 0) return [];
  return db.select().from(webhooks).where(and(eq(webhooks.active, true), inArray(webhooks.projectId, projectIds)));
}

/** New sendouts; one event reaches one endpoint once, whatever reads its row again. */
export async function insertSendouts(db: DbOrTx, rows: (typeof webhookSendouts.$inferInsert)[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db.insert(webhookSendouts).values(rows).onConflictDoNothing().returning({ id: webhookSendouts.id });
  return inserted.length;
}

export interface LeasedSendout {
  sendout: SendoutRow;
  webhook: WebhookRow;
}

/**
 * Up to `limit` sendouts due by their project's clock, leased until `leaseUntil` (real time) under
 * `token`: the rows are locked while they are leased (SKIP LOCKED), so two processes never lease
 * one, and a lease that ran out (its sender crashed) is taken again.
 */
export async function leaseDueSendouts(db: DbOrTx, realNow: Date, leaseUntil: Date, token: string, limit: number): Promise<LeasedSendout[]> {
  const leased = await rowsOf<{ id: string }>(
    db,
    sql`UPDATE webhook_sendouts s SET leased_until = ${leaseUntil.toISOString()}::timestamptz, lease_token = ${token}
      FROM (SELECT d.id FROM webhook_sendouts d LEFT JOIN project_clocks pc ON pc.project_id = d.project_id
            WHERE d.status = 'PENDING' AND EXISTS (SELECT 1 FROM webhooks w WHERE w.id = d.webhook_id AND w.active)
              AND d.next_attempt_at <= ${realNow.toISOString()}::timestamptz + COALESCE(pc.offset_ms, 0) * interval '1 millisecond'
              AND (d.leased_until IS NULL OR d.leased_until < ${realNow.toISOString()}::timestamptz)
            ORDER BY d.seq LIMIT ${limit} FOR UPDATE OF d SKIP LOCKED) due
      WHERE s.id = due.id RETURNING s.id`,
  );
  if (leased.length === 0) return [];
  const sendouts = await db.select().from(webhookSendouts).where(and(inArray(webhookSendouts.id, leased.map((r) => r.id)), eq(webhookSendouts.leaseToken, token)));
  const endpoints = new Map((await db.select().from(webhooks).where(inArray(webhooks.id, [...new Set(sendouts.map((s) => s.webhookId))]))).map((w) => [w.id, w]));
  return sendouts
    .sort((a, b) => a.seq - b.seq)
    .flatMap((sendout) => {
      const webhook = endpoints.get(sendout.webhookId);
      return webhook ? [{ sendout, webhook }] : [];
    });
}

export interface AttemptOutcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  response: string | null;
  /** Project time of the attempt. */
  at: Date;
  /** The next attempt (project time), or null: delivered, or failed for good. */
  nextAttemptAt: Date | null;
  delivered: boolean;
}

/**
 * Records one attempt, only while the lease is still this sender's (else another sender has the
 * sendout and this outcome is dropped): the attempt in the log, the sendout's state, and the
 * endpoint's run of failed sendouts (disabled at 12, reset by a delivery). One transaction.
 */
export async function recordAttempt(db: DbOrTx, lease: LeasedSendout, token: string, outcome: AttemptOutcome): Promise<boolean> {
  return db.transaction(async (tx) => {
    const status = outcome.delivered ? 'DELIVERED' : outcome.nextAttemptAt ? 'PENDING' : 'FAILED';
    const [updated] = await tx
      .update(webhookSendouts)
      .set({ attempts: sql`${webhookSendouts.attempts} + 1`, status, nextAttemptAt: outcome.nextAttemptAt ?? lease.sendout.nextAttemptAt, leasedUntil: null, leaseToken: null, updatedAt: outcome.at })
      .where(and(eq(webhookSendouts.id, lease.sendout.id), eq(webhookSendouts.leaseToken, token)))
      .returning({ attempts: webhookSendouts.attempts });
    if (!updated) return false;
    await tx.insert(webhookAttempts).values({
      projectId: lease.sendout.projectId,
      webhookId: lease.sendout.webhookId,
      sendoutId: lease.sendout.id,
      attempt: updated.attempts,
      statusCode: outcome.statusCode,
      error: outcome.error,
      durationMs: outcome.durationMs,
      response: outcome.response,
      createdAt: outcome.at,
    });
    if (status === 'DELIVERED') {
      await tx.execute(sql`UPDATE webhooks SET failed_sendouts = 0 WHERE id = ${lease.webhook.id} AND failed_sendouts > 0`);
    } else if (status === 'FAILED') {
      await tx.execute(sql`UPDATE webhooks SET failed_sendouts = failed_sendouts + 1, active = active AND failed_sendouts + 1 < ${disableAfterFailedSendouts} WHERE id = ${lease.webhook.id}`);
    }
    return true;
  });
}

/** An endpoint's attempts, newest first, with their sendouts. */
export async function listAttempts(db: DbOrTx, webhookId: string, limit: number, offset: number): Promise<{ attempt: AttemptRow; sendout: SendoutRow }[]> {
  const rows = await db
    .select({ attempt: webhookAttempts, sendout: webhookSendouts })
    .from(webhookAttempts)
    .innerJoin(webhookSendouts, eq(webhookSendouts.id, webhookAttempts.sendoutId))
    .where(eq(webhookAttempts.webhookId, webhookId))
    .orderBy(desc(webhookAttempts.seq))
    .limit(limit)
    .offset(offset);
  return rows;
}

export async function countAttempts(db: DbOrTx, webhookId: string): Promise<number> {
  const [row] = await rowsOf<{ n: string }>(db, sql`SELECT count(*)::text AS n FROM webhook_attempts WHERE webhook_id = ${webhookId}`);
  return Number(row?.n ?? 0);
}

export async function findSendout(db: DbOrTx, webhookId: string, id: string): Promise<SendoutRow | undefined> {
  const [row] = await db.select().from(webhookSendouts).where(and(eq(webhookSendouts.webhookId, webhookId), eq(webhookSendouts.id, id))).limit(1);
  return row;
}

/** "Send again": the sendout is due now (project time), whatever it was. */
export async function sendAgain(db: DbOrTx, id: string, now: Date): Promise<SendoutRow | undefined> {
  const [row] = await db.update(webhookSendouts).set({ status: 'PENDING', nextAttemptAt: now, updatedAt: now }).where(eq(webhookSendouts.id, id)).returning();
  return row;
}
