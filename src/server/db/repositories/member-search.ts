import { and, asc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { campaigns, customers, vouchers } from '../../../platform/db/schema';
import { escapeLike } from './locations';

export interface MemberSearchRow {
  id: string;
  code: string;
  campaignId: string;
  campaignName: string;
  balance: number;
  holder: typeof customers.$inferSelect;
}

/**
 * Held cards of a project whose code, or whose holder's email, name or source id, contains `q`
 * (case-insensitive), or every card of one customer; ordered by holder email, program and code.
 * The matches are found per table, each through its trigram index (migration 0020), and joined
 * after: one OR across the join would read every card of the project. The total comes with the
 * page (a window count over the matches), in one statement.
 */
export async function searchHeldCards(db: DbOrTx, projectId: string, filter: { q?: string; customerId?: string; limit: number }): Promise<{ rows: MemberSearchRow[]; total: number }> {
  // A deleted customer's cards keep their history, but the customer is no longer found.
  const conditions: SQL[] = [eq(vouchers.projectId, projectId), isNotNull(vouchers.holderId), isNull(customers.deletedAt)];
  if (filter.customerId !== undefined) conditions.push(eq(vouchers.holderId, filter.customerId));
  if (filter.q !== undefined) {
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(sql`${vouchers.id} IN (
      SELECT v.id FROM ${vouchers} v WHERE v.project_id = ${projectId} AND v.holder_id IN (
        SELECT c.id FROM ${customers} c WHERE c.project_id = ${projectId} AND (c.email ILIKE ${pattern} OR c.name ILIKE ${pattern} OR c.source_id ILIKE ${pattern}))
      UNION
      SELECT v.id FROM ${vouchers} v WHERE v.project_id = ${projectId} AND v.code ILIKE ${pattern})`);
  }
  const rows = await db
    .select({
      id: vouchers.id,
      code: vouchers.code,
      campaignId: vouchers.campaignId,
      campaignName: campaigns.name,
      balance: vouchers.balance,
      holder: customers,
      total: sql<number>`count(*) OVER ()`.mapWith(Number),
    })
    .from(vouchers)
    .innerJoin(customers, eq(customers.id, vouchers.holderId))
    .innerJoin(campaigns, eq(campaigns.id, vouchers.campaignId))
    .where(and(...conditions))
    .orderBy(asc(customers.email), asc(campaigns.name), asc(vouchers.code))
    .limit(filter.limit);
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}
