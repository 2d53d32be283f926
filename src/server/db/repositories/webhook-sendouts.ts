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
 * Records the attempts of one leased batch in one transaction, each only while its lease is still
 * this sender's: the sendouts' states in one statement, the log rows in one more, and each
 * endpoint's run of failed sendouts as `recordAttempt` keeps it (a batch that only delivered
 * resets it in one statement; a batch with a failure for good replays its outcomes in order).
 * Returns how many were recorded.
 */
export async function recordAttempts(db: DbOrTx, token: string, batch: { lease: LeasedSendout; outcome: AttemptOutcome }[]): Promise<number> {
  if (batch.length === 0) return 0;
  return db.transaction(async (tx) => {
    const statusOf = (outcome: AttemptOutcome) => (outcome.delivered ? 'DELIVERED' : outcome.nextAttemptAt ? 'PENDING' : 'FAILED');
    const values = sql.join(
      batch.map(({ lease, outcome }) => sql`(${lease.sendout.id}, ${statusOf(outcome)}, ${(outcome.nextAttemptAt ?? lease.sendout.nextAttemptAt).toISOString()}::timestamptz, ${outcome.at.toISOString()}::timestamptz)`),
      sql`, `,
    );
    const updated = await rowsOf<{ id: string; attempts: number }>(
      tx,
      sql`UPDATE webhook_sendouts s SET attempts = s.attempts + 1, status = o.status, next_attempt_at = o.next_at, leased_until = NULL, lease_token = NULL, updated_at = o.at
        FROM (VALUES ${values}) AS o(id, status, next_at, at) WHERE s.id = o.id AND s.lease_token = ${token} RETURNING s.id, s.attempts`,
    );
    const attemptsOf = new Map(updated.map((row) => [row.id, Number(row.attempts)]));
    const recorded = batch.filter(({ lease }) => attemptsOf.has(lease.sendout.id));
    if (recorded.length === 0) return 0;
    await tx.insert(webhookAttempts).values(
      recorded.map(({ lease, outcome }) => ({
        projectId: lease.sendout.projectId,
        webhookId: lease.sendout.webhookId,
        sendoutId: lease.sendout.id,
        attempt: attemptsOf.get(lease.sendout.id) as number,
        statusCode: outcome.statusCode,
        error: outcome.error,
        durationMs: outcome.durationMs,
        response: outcome.response,
        createdAt: outcome.at,
      })),
    );
    const byEndpoint = new Map<string, string[]>();
    for (const { lease, outcome } of recorded) byEndpoint.set(lease.webhook.id, [...(byEndpoint.get(lease.webhook.id) ?? []), statusOf(outcome)]);
    for (const [webhookId, statuses] of byEndpoint) {
      if (!statuses.includes('FAILED')) {
        if (statuses.includes('DELIVERED')) await tx.execute(sql`UPDATE webhooks SET failed_sendouts = 0 WHERE id = ${webhookId} AND failed_sendouts > 0`);
        continue;
      }
      for (const status of statuses) {
        if (status === 'DELIVERED') await tx.execute(sql`UPDATE webhooks SET failed_sendouts = 0 WHERE id = ${webhookId} AND failed_sendouts > 0`);
        else if (status === 'FAILED') await tx.execute(sql`UPDATE webhooks SET failed_sendouts = failed_sendouts + 1, active = active AND failed_sendouts + 1 < ${disableAfterFailedSendouts} WHERE id = ${webhookId}`);
      }
    }
    return recorded.length;
  });
}

/** Gives leased sendouts back unattempted: due as they were, for the next pass. */
export async function releaseLeases(db: DbOrTx, token: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(webhookSendouts).set({ leasedUntil: null, leaseToken: null }).where(and(inArray(webhookSendouts.id, ids), eq(webhookSendouts.leaseToken, token)));
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
