import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { notFound } from '../../lib/api-error';
import type { DbOrTx } from '../../../platform/db/client';
import { LookupCache } from '../lookup-cache';
import { campaigns, categories, vouchers } from '../../../platform/db/schema';

export type CampaignRow = typeof campaigns.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;

/**
 * Every enrollment starts with this lookup. A campaign changed through the API (Update Loyalty
 * Campaign) is forgotten here at once (`forgetCampaigns`), and shows in other processes within the
 * cache's few seconds; a new campaign is never missed (only found rows are kept).
 */
const foundCampaigns = new LookupCache<CampaignRow>();

/** Drops every remembered campaign: one changed (loyalty-programs-write), or a project's state was reset or replaced (reset-project). */
export function forgetCampaigns(): void {
  foundCampaigns.clear();
}

/** A campaign by id as stored now, not remembered (jobs, whose program may have been deleted since); undefined when gone. */
export async function findCampaign(db: DbOrTx, projectId: string, id: string): Promise<CampaignRow | undefined> {
  const [found] = await db.select().from(campaigns).where(and(eq(campaigns.projectId, projectId), eq(campaigns.id, id))).limit(1);
  return found;
}

/** A campaign by id, or by its name as the real API also accepts; 404 `campaign` otherwise. */
export async function getCampaign(db: DbOrTx, projectId: string, idOrName: string): Promise<CampaignRow> {
  const row = await foundCampaigns.get(`${projectId}\u0000${idOrName}`, async () => {
    const [found] = await db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.projectId, projectId), or(eq(campaigns.id, idOrName), eq(campaigns.name, idOrName))))
      .limit(1);
    return found;
  });
  if (!row) throw notFound('campaign', idOrName);
  return row;
}

export type CampaignOrder = 'created_at' | '-created_at' | 'updated_at' | '-updated_at';

export async function listCampaigns(db: DbOrTx, projectId: string, opts: { limit: number; page: number; order: CampaignOrder }) {
  // Never changed since it was made: last updated when it was made (else NULLs would lead a newest-first list).
  const column = opts.order.endsWith('updated_at') ? sql`coalesce(${campaigns.updatedAt}, ${campaigns.createdAt})` : campaigns.createdAt;
  const rows = await db
    .select()
    .from(campaigns)
    .where(eq(campaigns.projectId, projectId))
    .orderBy(opts.order.startsWith('-') ? desc(column) : asc(column), asc(campaigns.id))
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  const [{ total }] = await db.select({ total: count() }).from(campaigns).where(eq(campaigns.projectId, projectId));
  return { rows, total };
}

export async function countCards(db: DbOrTx, campaignIds: string[]): Promise<Map<string, number>> {
  if (campaignIds.length === 0) return new Map();
  const rows = await db
    .select({ campaignId: vouchers.campaignId, n: count() })
    .from(vouchers)
    .where(inArray(vouchers.campaignId, campaignIds))
    .groupBy(vouchers.campaignId);
  return new Map(rows.map((r) => [r.campaignId, r.n]));
}

export async function categoriesById(db: DbOrTx, ids: (string | null)[]): Promise<Map<string, CategoryRow>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(categories).where(inArray(categories.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}
