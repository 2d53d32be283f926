import type { DbOrTx } from '../../../platform/db/client';
import { redemptions } from '../../../platform/db/schema';

export type RedemptionRow = typeof redemptions.$inferSelect;

export async function insertRedemption(db: DbOrTx, redemption: typeof redemptions.$inferInsert): Promise<RedemptionRow> {
  const [row] = await db.insert(redemptions).values(redemption).returning();
  return row;
}
