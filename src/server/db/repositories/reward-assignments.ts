import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { rewardAssignments, rewards } from '../../../platform/db/schema';
import { isAffordable } from '../../domain/reward-rules';
import type { RewardRow } from './rewards';

export type RewardAssignmentRow = typeof rewardAssignments.$inferSelect;
export type NewRewardAssignment = typeof rewardAssignments.$inferInsert;

export async function findAssignment(db: DbOrTx, campaignId: string, id: string): Promise<RewardAssignmentRow | undefined> {
  const [row] = await db
    .select()
    .from(rewardAssignments)
    .where(and(eq(rewardAssignments.campaignId, campaignId), eq(rewardAssignments.id, id)))
    .limit(1);
  return row;
}

export async function findAssignmentById(db: DbOrTx, projectId: string, id: string): Promise<RewardAssignmentRow | undefined> {
  const [row] = await db
    .select()
    .from(rewardAssignments)
    .where(and(eq(rewardAssignments.projectId, projectId), eq(rewardAssignments.id, id)))
    .limit(1);
  return row;
}

/** The assignments of these rewards in the program (at most one each). */
export async function assignmentsOfRewards(db: DbOrTx, campaignId: string, rewardIds: string[]): Promise<RewardAssignmentRow[]> {
  if (rewardIds.length === 0) return [];
  return db
    .select()
    .from(rewardAssignments)
    .where(and(eq(rewardAssignments.campaignId, campaignId), inArray(rewardAssignments.rewardId, rewardIds)));
}

/** Every program a reward is assigned to: what keeps it from being deleted. */
export async function assignmentsOfReward(db: DbOrTx, rewardId: string): Promise<RewardAssignmentRow[]> {
  return db.select().from(rewardAssignments).where(eq(rewardAssignments.rewardId, rewardId)).orderBy(asc(rewardAssignments.createdAt), asc(rewardAssignments.id));
}

export async function insertAssignments(db: DbOrTx, rows: NewRewardAssignment[]): Promise<RewardAssignmentRow[]> {
  return db.insert(rewardAssignments).values(rows).returning();
}

export async function updateAssignmentPoints(db: DbOrTx, id: string, points: number, now: Date): Promise<RewardAssignmentRow> {
  const [row] = await db.update(rewardAssignments).set({ points, updatedAt: now }).where(eq(rewardAssignments.id, id)).returning();
  return row;
}

export async function deleteAssignment(db: DbOrTx, id: string): Promise<void> {
  await db.delete(rewardAssignments).where(eq(rewardAssignments.id, id));
}

/** A program's assignments (or with `rewardId` a reward's), newest first; with `assignmentId`, only that one. */
export async function listAssignments(db: DbOrTx, campaignId: string | undefined, opts: { limit: number; page: number; assignmentId?: string; rewardId?: string }) {
  const where = and(
    campaignId ? eq(rewardAssignments.campaignId, campaignId) : undefined,
    opts.rewardId ? eq(rewardAssignments.rewardId, opts.rewardId) : undefined,
    opts.assignmentId ? eq(rewardAssignments.id, opts.assignmentId) : undefined,
  );
  const rows = await db
    .select()
    .from(rewardAssignments)
    .where(where)
    .orderBy(desc(rewardAssignments.createdAt), asc(rewardAssignments.id))
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  const [{ total }] = await db.select({ total: count() }).from(rewardAssignments).where(where);
  return { rows, total };
}

/** A program's rewards with their assignments, newest assignment first, priced by `priceOf` when given; with `affordableWith` (a balance), only those the member can get now. */
export async function listProgramRewards(
  db: DbOrTx,
  campaignId: string,
  opts: { limit: number; page: number; affordableWith?: number; priceOf?: (assignment: RewardAssignmentRow) => RewardAssignmentRow },
): Promise<{ rows: { assignment: RewardAssignmentRow; reward: RewardRow }[]; total: number }> {
  const rows = await db
    .select({ assignment: rewardAssignments, reward: rewards })
    .from(rewardAssignments)
    .innerJoin(rewards, eq(rewards.id, rewardAssignments.rewardId))
    .where(eq(rewardAssignments.campaignId, campaignId))
    .orderBy(desc(rewardAssignments.createdAt), asc(rewardAssignments.id));
  const { affordableWith, priceOf } = opts;
  // The member's own price (a tier's mapping) decides what they can afford.
  const priced = priceOf ? rows.map((r) => ({ ...r, assignment: priceOf(r.assignment) })) : rows;
  const kept = affordableWith === undefined ? priced : priced.filter(({ assignment, reward }) => isAffordable({ points: assignment.points, stock: reward.stock }, affordableWith));
  return { rows: kept.slice((opts.page - 1) * opts.limit, opts.page * opts.limit), total: kept.length };
}

