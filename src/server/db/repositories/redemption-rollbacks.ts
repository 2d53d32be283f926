import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { cardTransactions, redemptionRollbacks, redemptions, rewards } from '../../../platform/db/schema';
import type { CardTransactionRow } from './card-transactions';
import type { RedemptionRow } from './redemption-context';

export type RedemptionRollbackRow = typeof redemptionRollbacks.$inferSelect;

/** A redemption of the project, with its rollback if it has one. */
export async function findRedemption(db: DbOrTx, projectId: string, id: string): Promise<{ redemption: RedemptionRow; rollback: RedemptionRollbackRow | undefined } | undefined> {
  const [row] = await db
    .select({ redemption: redemptions, rollback: redemptionRollbacks })
    .from(redemptions)
    .leftJoin(redemptionRollbacks, eq(redemptionRollbacks.redemptionId, redemptions.id))
    .where(and(eq(redemptions.projectId, projectId), eq(redemptions.id, id)));
  return row && { redemption: row.redemption, rollback: row.rollback ?? undefined };
}

/** A rollback of the project, with the redemption it undid. */
export async function findRollback(db: DbOrTx, projectId: string, id: string): Promise<{ redemption: RedemptionRow; rollback: RedemptionRollbackRow } | undefined> {
  const [row] = await db
    .select({ redemption: redemptions, rollback: redemptionRollbacks })
    .from(redemptionRollbacks)
    .innerJoin(redemptions, eq(redemptions.id, redemptionRollbacks.redemptionId))
    .where(and(eq(redemptionRollbacks.projectId, projectId), eq(redemptionRollbacks.id, id)));
  return row;
}

/** Whether the redemption was rolled back: read after its card's lock, so a rollback committed before it is seen. */
export async function rollbackOf(db: DbOrTx, redemptionId: string): Promise<RedemptionRollbackRow | undefined> {
  const [row] = await db.select().from(redemptionRollbacks).where(eq(redemptionRollbacks.redemptionId, redemptionId));
  return row;
}

export async function insertRollback(db: DbOrTx, row: typeof redemptionRollbacks.$inferInsert): Promise<RedemptionRollbackRow> {
  const [inserted] = await db.insert(redemptionRollbacks).values(row).returning();
  return inserted;
}

/** Gives the redeemed item back to a reward with a limited stock (an unlimited or deleted reward: nothing). */
export async function returnToStock(db: DbOrTx, rewardId: string, now: Date): Promise<void> {
  await db
    .update(rewards)
    .set({ stock: sql`${rewards.stock} + 1`, updatedAt: now })
    .where(and(eq(rewards.id, rewardId), isNotNull(rewards.stock)));
}

/** A card transaction of the project by id alone (ids are unique): the other card a redemption's transaction names. */
export async function transactionById(db: DbOrTx, projectId: string, id: string): Promise<CardTransactionRow | undefined> {
  const [row] = await db.select().from(cardTransactions).where(and(eq(cardTransactions.projectId, projectId), eq(cardTransactions.id, id)));
  return row;
}
