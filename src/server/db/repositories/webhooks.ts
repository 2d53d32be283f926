import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { webhookAttempts, webhookSendouts, webhooks } from '../../../platform/db/schema';

export type WebhookRow = typeof webhooks.$inferSelect;

export async function findWebhook(db: DbOrTx, projectId: string, id: string): Promise<WebhookRow | undefined> {
  const [row] = await db.select().from(webhooks).where(and(eq(webhooks.projectId, projectId), eq(webhooks.id, id))).limit(1);
  return row;
}

/** The active endpoints among these ids, as they are now: a deleted or deactivated one is missing. */
export async function activeWebhooksByIds(db: DbOrTx, ids: string[]): Promise<Map<string, WebhookRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(webhooks).where(and(inArray(webhooks.id, ids), eq(webhooks.active, true)));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function listWebhooks(db: DbOrTx, projectId: string): Promise<WebhookRow[]> {
  return db.select().from(webhooks).where(eq(webhooks.projectId, projectId)).orderBy(asc(webhooks.createdAt), asc(webhooks.id));
}

/** Serializes endpoint creation in a project, so two requests cannot both pass the per-project bound. */
export async function lockProjectForWebhooks(db: DbOrTx, projectId: string): Promise<void> {
  await db.execute(sql`SELECT id FROM projects WHERE id = ${projectId} FOR NO KEY UPDATE`);
}

export async function countWebhooks(db: DbOrTx, projectId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhooks).where(eq(webhooks.projectId, projectId));
  return Number(row?.n ?? 0);
}

export async function insertWebhook(db: DbOrTx, row: typeof webhooks.$inferInsert): Promise<WebhookRow> {
  const [inserted] = await db.insert(webhooks).values(row).returning();
  return inserted;
}

export async function updateWebhook(
  db: DbOrTx,
  projectId: string,
  id: string,
  changes: Partial<Pick<WebhookRow, 'targetUrl' | 'events' | 'active' | 'headers' | 'secret' | 'failedSendouts' | 'updatedAt'>>,
): Promise<WebhookRow | undefined> {
  const [row] = await db
    .update(webhooks)
    .set(changes)
    .where(and(eq(webhooks.projectId, projectId), eq(webhooks.id, id)))
    .returning();
  return row;
}

/** An endpoint with its sendouts and their attempts (those tables keep no foreign keys: checking them cost as much as recording an attempt). */
export async function deleteWebhook(db: DbOrTx, projectId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Its sendouts locked in id order before the endpoint, as recordAttempts takes them: no deadlock with a sender.
    await tx.execute(sql`SELECT id FROM webhook_sendouts WHERE webhook_id = ${id} AND project_id = ${projectId} ORDER BY id FOR UPDATE`);
    const rows = await tx
      .delete(webhooks)
      .where(and(eq(webhooks.projectId, projectId), eq(webhooks.id, id)))
      .returning({ id: webhooks.id });
    if (rows.length === 0) return false;
    await tx.delete(webhookAttempts).where(eq(webhookAttempts.webhookId, id));
    await tx.delete(webhookSendouts).where(eq(webhookSendouts.webhookId, id));
    return true;
  });
}
