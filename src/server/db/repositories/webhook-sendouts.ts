import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../../platform/db/client';
import { webhookAttempts, webhookSendouts, webhooks } from '../../../platform/db/schema';
import { disableAfterFailedSendouts } from '../../domain/webhook-retries';
import { arrayParam, plainRows, tableRows } from '../plain-sql';
import type { WebhookRow } from './webhooks';

export type SendoutRow = typeof webhookSendouts.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

/**
 * The active endpoints of these projects: where new events go. Key-share locked until the pass
 * commits, so deleting one waits for the sendouts written for it, and then deletes them too.
 */
export async function activeWebhooksOf(db: DbOrTx, projectIds: string[]): Promise<WebhookRow[]> {
  if (projectIds.length === 0) return [];
  return db.select().from(webhooks).where(and(eq(webhooks.active, true), inArray(webhooks.projectId, projectIds))).for('key share');
}

/** New sendouts; one event reaches one endpoint once, whatever reads its row again. */
export async function insertSendouts(db: DbOrTx, rows: (typeof webhookSendouts.$inferInsert)[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db.insert(webhookSendouts).values(rows).onConflictDoNothing().returning({ id: webhookSendouts.id });
  return inserted.length;
}

export type NewSendout = Pick<SendoutRow, 'id' | 'projectId' | 'webhookId' | 'eventId' | 'eventType' | 'body' | 'nextAttemptAt' | 'createdAt'>;

/**
 * New sendouts written already leased to their writer (`token`, until `leaseUntil`, real time): the
 * dispatching process sends them straight from memory, with no statement to lease them and none to
 * read them back. A crash before they are sent leaves the lease to run out, and any process sends
 * them then, as any lease. One statement, the rows as arrays; a sendout already there (an event
 * read again) is not written and not returned: it is not this writer's to send.
 */
export async function insertLeasedSendouts(db: DbOrTx, rows: NewSendout[], token: string, leaseUntil: Date): Promise<SendoutRow[]> {
  if (rows.length === 0) return [];
  const values: unknown[] = [];
  const col = (pick: (row: NewSendout) => unknown, type: string) => arrayParam(values, rows.map(pick), type);
  const list = [col((r) => r.id, 'text'), col((r) => r.projectId, 'text'), col((r) => r.webhookId, 'text'), col((r) => r.eventId, 'text'), col((r) => r.eventType, 'text'), col((r) => r.nextAttemptAt.toISOString(), 'timestamptz'), col((r) => r.createdAt.toISOString(), 'timestamptz')];
  // The bodies (JSON envelopes) go as one JSON array, each element's text kept byte for byte: as a
  // text[] the driver would escape every quote of every envelope in JavaScript, half of a pass's CPU.
  values.push(`[${rows.map((r) => r.body).join(',')}]`, leaseUntil.toISOString(), token);
  const inserted = await plainRows(
    db,
    `INSERT INTO webhook_sendouts (id, project_id, webhook_id, event_id, event_type, body, next_attempt_at, created_at, leased_until, lease_token)
      SELECT n.id, n.project_id, n.webhook_id, n.event_id, n.event_type, b.body::text, n.next_attempt_at, n.created_at, $${values.length - 1}::timestamptz, $${values.length}::text
      FROM unnest(${list.join(', ')}) WITH ORDINALITY AS n(id, project_id, webhook_id, event_id, event_type, next_attempt_at, created_at, o)
      JOIN json_array_elements($${values.length - 2}::json) WITH ORDINALITY AS b(body, o) ON b.o = n.o
      ORDER BY n.o
      ON CONFLICT DO NOTHING RETURNING id, seq::text`,
    values,
  );
  const seqOf = new Map(inserted.map(([id, seq]) => [id as string, Number(seq)]));
  return rows.flatMap((row) => {
    const seq = seqOf.get(row.id);
    seqOf.delete(row.id);
    return seq === undefined ? [] : [{ ...row, seq, status: 'PENDING' as const, attempts: 0, leasedUntil: leaseUntil, leaseToken: token, updatedAt: null }];
  });
}

const sendoutColumns = tableRows(webhookSendouts);

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
  // One statement: the due rows leased and returned whole (no second read of what was just leased).
  const rows = await plainRows(
    db,
    `UPDATE webhook_sendouts s SET leased_until = $1::timestamptz, lease_token = $2
      FROM (SELECT d.id FROM webhook_sendouts d LEFT JOIN project_clocks pc ON pc.project_id = d.project_id
            WHERE d.status = 'PENDING' AND EXISTS (SELECT 1 FROM webhooks w WHERE w.id = d.webhook_id AND w.active)
              AND d.next_attempt_at <= $3::timestamptz + COALESCE(pc.offset_ms, 0) * interval '1 millisecond'
              AND (d.leased_until IS NULL OR d.leased_until < $3::timestamptz)
            ORDER BY d.seq LIMIT $4 FOR UPDATE OF d SKIP LOCKED) due
      WHERE s.id = due.id RETURNING ${sendoutColumns.columns('s')}`,
    [leaseUntil.toISOString(), token, realNow.toISOString(), limit],
  );
  if (rows.length === 0) return [];
  const sendouts = rows.map((row) => sendoutColumns.row(row));
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
 * Records the attempts of one leased batch, each only while its lease is still this sender's: the
 * sendouts' states, their log rows and (a batch with no failure for good) the end of each
 * delivering endpoint's run of failed sendouts, in one statement; a batch with a failure for good
 * replays its outcomes in order in the same transaction, as the run is counted. Returns how many
 * were recorded.
 */
export async function recordAttempts(db: DbOrTx, token: string, batch: { lease: LeasedSendout; outcome: AttemptOutcome }[]): Promise<number> {
  if (batch.length === 0) return 0;
  const statusOf = (outcome: AttemptOutcome) => (outcome.delivered ? 'DELIVERED' : outcome.nextAttemptAt ? 'PENDING' : 'FAILED');
  const values: unknown[] = [];
  const col = (pick: (item: (typeof batch)[number]) => unknown, type: string) => arrayParam(values, batch.map(pick), type);
  const list = [
    col(({ lease }) => lease.sendout.id, 'text'),
    col(({ outcome }) => statusOf(outcome), 'text'),
    col(({ lease, outcome }) => (outcome.nextAttemptAt ?? lease.sendout.nextAttemptAt).toISOString(), 'timestamptz'),
    col(({ outcome }) => outcome.at.toISOString(), 'timestamptz'),
    col(({ outcome }) => outcome.statusCode, 'int4'),
    col(({ outcome }) => outcome.error, 'text'),
    col(({ outcome }) => outcome.durationMs, 'int4'),
    col(({ outcome }) => outcome.response, 'text'),
  ];
  values.push(token);
  const failed = batch.some(({ outcome }) => statusOf(outcome) === 'FAILED');
  // The sendouts are locked in id order first, as deleteWebhook locks them, then their endpoint: one
  // order, so recording and deleting an endpoint never deadlock.
  // The sendouts whose lease still holds take the outcome and their attempts are logged; without a
  // failure for good, each delivering endpoint's run of failed sendouts ends in the same statement.
  const text = `WITH o AS (SELECT * FROM unnest(${list.join(', ')}) WITH ORDINALITY AS o(id, status, next_at, at, status_code, error, duration_ms, response, n)),
      l AS (SELECT id FROM webhook_sendouts WHERE id IN (SELECT id FROM o) ORDER BY id FOR UPDATE),
      u AS (UPDATE webhook_sendouts s SET attempts = s.attempts + 1, status = o.status, next_attempt_at = o.next_at, leased_until = NULL, lease_token = NULL, updated_at = o.at
            FROM o, l WHERE s.id = o.id AND l.id = o.id AND s.lease_token = $${values.length} RETURNING s.id, s.attempts, s.project_id, s.webhook_id),
      a AS (INSERT INTO webhook_attempts (project_id, webhook_id, sendout_id, attempt, status_code, error, duration_ms, response, created_at)
            SELECT u.project_id, u.webhook_id, u.id, u.attempts, o.status_code, o.error, o.duration_ms, o.response, o.at FROM u JOIN o ON o.id = u.id ORDER BY o.n)${
        failed ? '' : `,\n      w AS (UPDATE webhooks SET failed_sendouts = 0 WHERE failed_sendouts > 0 AND id IN (SELECT u.webhook_id FROM u JOIN o ON o.id = u.id WHERE o.status = 'DELIVERED'))`
      }
    SELECT id FROM u`;
  if (!failed) return (await plainRows(db, text, values)).length;
  // A failure for good: in one transaction, each endpoint's outcomes replayed in order, as the run of failures is kept.
  return db.transaction(async (tx) => {
    const ids = new Set((await plainRows(tx, text, values)).map(([id]) => id as string));
    for (const { lease, outcome } of batch) {
      if (!ids.has(lease.sendout.id)) continue;
      const status = statusOf(outcome);
      if (status === 'DELIVERED') await tx.execute(sql`UPDATE webhooks SET failed_sendouts = 0 WHERE id = ${lease.webhook.id} AND failed_sendouts > 0`);
      else if (status === 'FAILED') await tx.execute(sql`UPDATE webhooks SET failed_sendouts = failed_sendouts + 1, active = active AND failed_sendouts + 1 < ${disableAfterFailedSendouts} WHERE id = ${lease.webhook.id}`);
    }
    return ids.size;
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
