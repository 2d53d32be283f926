import { and, asc, count, desc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { redemptionRollbacks, redemptions, rewards } from '../../../platform/db/schema';

export type RewardRow = typeof rewards.$inferSelect;
export type NewReward = typeof rewards.$inferInsert;

export async function findReward(db: DbOrTx, projectId: string, id: string): Promise<RewardRow | undefined> {
  const [row] = await db
    .select()
    .from(rewards)
    .where(and(eq(rewards.projectId, projectId), eq(rewards.id, id)))
    .limit(1);
  return row;
}

export async function rewardsByIds(db: DbOrTx, projectId: string, ids: string[]): Promise<Map<string, RewardRow>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select()
    .from(rewards)
    .where(and(eq(rewards.projectId, projectId), inArray(rewards.id, wanted)));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function insertReward(db: DbOrTx, reward: NewReward): Promise<RewardRow> {
  const [row] = await db.insert(rewards).values(reward).returning();
  return row;
}

export async function updateReward(db: DbOrTx, id: string, changes: Partial<NewReward>): Promise<RewardRow> {
  const [row] = await db.update(rewards).set(changes).where(eq(rewards.id, id)).returning();
  return row;
}

export async function deleteReward(db: DbOrTx, id: string): Promise<void> {
  await db.delete(rewards).where(eq(rewards.id, id));
}

/** Locks a reward for an update that must see its assignments as they are (delete, type checks). */
export async function lockReward(db: DbOrTx, projectId: string, id: string): Promise<RewardRow | undefined> {
  const [row] = await db
    .select()
    .from(rewards)
    .where(and(eq(rewards.projectId, projectId), eq(rewards.id, id)))
    .limit(1)
    .for('update');
  return row;
}

export async function listRewards(db: DbOrTx, projectId: string, opts: { limit: number; page: number; ids?: string[] }) {
  const where = and(eq(rewards.projectId, projectId), opts.ids ? inArray(rewards.id, opts.ids.length ? opts.ids : ['']) : undefined);
  const rows = await db
    .select()
    .from(rewards)
    .where(where)
    .orderBy(desc(rewards.createdAt), asc(rewards.id))
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  const [{ total }] = await db.select({ total: count() }).from(rewards).where(where);
  return { rows, total };
}

/** How many times each reward was redeemed (counted from redemptions not rolled back; no counter row to queue on). */
export async function redemptionCounts(db: DbOrTx, rewardIds: string[]): Promise<Map<string, number>> {
  const wanted = [...new Set(rewardIds)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ rewardId: redemptions.rewardId, n: count() })
    .from(redemptions)
    .where(and(inArray(redemptions.rewardId, wanted), notExists(db.select({ one: sql`1` }).from(redemptionRollbacks).where(eq(redemptionRollbacks.redemptionId, redemptions.id)))))
    .groupBy(redemptions.rewardId);
  return new Map(rows.map((r) => [r.rewardId, r.n]));
}
