import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { campaigns, categories, vouchers } from '../../../platform/db/schema';
import type { CampaignRow } from './campaigns';

export type NewCampaign = typeof campaigns.$inferInsert;

export async function insertCampaign(db: DbOrTx, row: NewCampaign): Promise<CampaignRow> {
  const [inserted] = await db.insert(campaigns).values(row).returning();
  return inserted;
}

/** The campaign row locked for a change (its cards' dates follow in the same transaction). */
export async function lockCampaign(db: DbOrTx, projectId: string, id: string): Promise<CampaignRow | undefined> {
  const [row] = await db.select().from(campaigns).where(and(eq(campaigns.projectId, projectId), eq(campaigns.id, id))).for('update');
  return row;
}

export async function updateCampaignRow(db: DbOrTx, id: string, changes: Partial<NewCampaign>): Promise<CampaignRow> {
  const [row] = await db.update(campaigns).set(changes).where(eq(campaigns.id, id)).returning();
  return row;
}

/**
 * New cards for a campaign, each code taken only if no card of the project has it yet (a code drawn
 * twice, here or by another program, is skipped): returns how many went in.
 */
export async function insertCardsIfCodesFree(db: DbOrTx, rows: (typeof vouchers.$inferInsert)[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db.insert(vouchers).values(rows).onConflictDoNothing({ target: [vouchers.projectId, vouchers.code] }).returning({ id: vouchers.id });
  return inserted.length;
}

/** The real API updates the cards "which have not been published yet": their dates follow the program's. */
export async function setUnpublishedCardDates(db: DbOrTx, campaignId: string, dates: { startDate: Date | null; expirationDate: Date | null }, now: Date): Promise<void> {
  await db
    .update(vouchers)
    .set({ startDate: dates.startDate, expirationDate: dates.expirationDate, updatedAt: now })
    .where(and(eq(vouchers.campaignId, campaignId), isNull(vouchers.holderId)));
}

export async function categoryExists(db: DbOrTx, projectId: string, id: string): Promise<boolean> {
  const [row] = await db.select({ one: sql`1` }).from(categories).where(and(eq(categories.projectId, projectId), eq(categories.id, id)));
  return row !== undefined;
}
