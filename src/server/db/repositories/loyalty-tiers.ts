import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { campaigns, loyaltyTiers } from '../../../platform/db/schema';

export type LoyaltyTierRow = typeof loyaltyTiers.$inferSelect;
export type NewLoyaltyTier = typeof loyaltyTiers.$inferInsert;

/**
 * Locks the program while its tiers are created, so two parallel bulk creates cannot both add
 * overlapping ranges. NO KEY UPDATE: rows that reference the program (tier rows being caught up)
 * need not wait for it.
 */
export async function lockCampaignForTiers(db: DbOrTx, campaignId: string): Promise<void> {
  await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, campaignId)).for('no key update');
}

export async function insertTiers(db: DbOrTx, rows: NewLoyaltyTier[]): Promise<LoyaltyTierRow[]> {
  return db.insert(loyaltyTiers).values(rows).returning();
}

/** A program's tiers, lowest first. */
export async function tiersOfCampaign(db: DbOrTx, campaignId: string): Promise<LoyaltyTierRow[]> {
  return db.select().from(loyaltyTiers).where(eq(loyaltyTiers.campaignId, campaignId)).orderBy(asc(loyaltyTiers.pointsFrom), asc(loyaltyTiers.id));
}

/** The tiers of several programs (those of the cards an event or order earns on), lowest first per program. */
export async function tiersOfCampaigns(db: DbOrTx, campaignIds: string[]): Promise<Map<string, LoyaltyTierRow[]>> {
  const byCampaign = new Map<string, LoyaltyTierRow[]>();
  if (campaignIds.length === 0) return byCampaign;
  const rows = await db.select().from(loyaltyTiers).where(inArray(loyaltyTiers.campaignId, campaignIds)).orderBy(asc(loyaltyTiers.pointsFrom), asc(loyaltyTiers.id));
  for (const row of rows) byCampaign.set(row.campaignId, [...(byCampaign.get(row.campaignId) ?? []), row]);
  return byCampaign;
}

/** Which of these programs have tiers. */
export async function campaignsWithTiers(db: DbOrTx, campaignIds: string[]): Promise<Set<string>> {
  if (campaignIds.length === 0) return new Set();
  const rows = await db.selectDistinct({ campaignId: loyaltyTiers.campaignId }).from(loyaltyTiers).where(inArray(loyaltyTiers.campaignId, campaignIds));
  return new Set(rows.map((r) => r.campaignId));
}

export async function findTier(db: DbOrTx, campaignId: string, id: string): Promise<LoyaltyTierRow | undefined> {
  const [row] = await db
    .select()
    .from(loyaltyTiers)
    .where(and(eq(loyaltyTiers.campaignId, campaignId), eq(loyaltyTiers.id, id)))
    .limit(1);
  return row;
}

export type TierOrder = 'created_at' | '-created_at' | 'updated_at' | '-updated_at';

/** A page of a program's tiers: by the order asked for (tiers created together by their range), else lowest first (the order members climb them). */
export async function listTiers(db: DbOrTx, campaignId: string, opts: { limit: number; page: number; order?: TierOrder }): Promise<{ rows: LoyaltyTierRow[]; total: number }> {
  const where = eq(loyaltyTiers.campaignId, campaignId);
  const column = opts.order?.endsWith('updated_at') ? sql`coalesce(${loyaltyTiers.updatedAt}, ${loyaltyTiers.createdAt})` : loyaltyTiers.createdAt;
  const orderBy = !opts.order ? [asc(loyaltyTiers.pointsFrom), asc(loyaltyTiers.id)] : opts.order.startsWith('-') ? [desc(column), desc(loyaltyTiers.pointsFrom)] : [asc(column), asc(loyaltyTiers.pointsFrom)];
  const rows = await db
    .select()
    .from(loyaltyTiers)
    .where(where)
    .orderBy(...orderBy)
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  const [{ total }] = await db.select({ total: count() }).from(loyaltyTiers).where(where);
  return { rows, total };
}

/** Whether any tier of the program prices this reward assignment differently (a redemption of it then takes the locked path). */
export async function tierMapsReward(db: DbOrTx, campaignId: string, assignmentId: string): Promise<boolean> {
  const rows = await db
    .select({ id: loyaltyTiers.id })
    .from(loyaltyTiers)
    .where(and(eq(loyaltyTiers.campaignId, campaignId), sql`${loyaltyTiers.rewards} ? ${assignmentId}`))
    .limit(1);
  return rows.length > 0;
}
