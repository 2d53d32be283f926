import { and, asc, count, eq, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
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
 * (case-insensitive), or every card of one customer. Exact code matches sort first, then by code.
 */
export async function searchHeldCards(db: DbOrTx, projectId: string, filter: { q?: string; customerId?: string; limit: number }): Promise<{ rows: MemberSearchRow[]; total: number }> {
  // A deleted customer's cards keep their history, but the customer is no longer found.
  const conditions: SQL[] = [eq(vouchers.projectId, projectId), isNotNull(vouchers.holderId), isNull(customers.deletedAt)];
  if (filter.customerId !== undefined) conditions.push(eq(vouchers.holderId, filter.customerId));
  if (filter.q !== undefined) {
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(or(ilike(vouchers.code, pattern), ilike(customers.email, pattern), ilike(customers.name, pattern), ilike(customers.sourceId, pattern))!);
  }
  const where = and(...conditions);
  const rows = await db
    .select({ id: vouchers.id, code: vouchers.code, campaignId: vouchers.campaignId, campaignName: campaigns.name, balance: vouchers.balance, holder: customers })
    .from(vouchers)
    .innerJoin(customers, eq(customers.id, vouchers.holderId))
    .innerJoin(campaigns, eq(campaigns.id, vouchers.campaignId))
    .where(where)
    .orderBy(asc(customers.email), asc(campaigns.name), asc(vouchers.code))
    .limit(filter.limit);
  const [{ total }] = await db.select({ total: count() }).from(vouchers).innerJoin(customers, eq(customers.id, vouchers.holderId)).where(where);
  return { rows, total };
}
