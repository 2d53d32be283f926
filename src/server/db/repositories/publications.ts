import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { publicationFilterFields, type PublicationFilterField, type PublicationListQuery } from '../../../contract/publication';
import { joined, stringConditions } from '../condition-filters';
import type { DbOrTx } from '../../../platform/db/client';
import { plainRows } from '../plain-sql';
import { campaigns, customers, publications, vouchers } from '../../../platform/db/schema';

export type PublicationRow = typeof publications.$inferSelect;

export async function findPublicationBySourceId(db: DbOrTx, projectId: string, sourceId: string): Promise<PublicationRow | undefined> {
  const [row] = await db
    .select()
    .from(publications)
    .where(and(eq(publications.projectId, projectId), eq(publications.sourceId, sourceId)))
    .limit(1);
  return row;
}

/** Whether the customer already holds a card of the campaign (plain SQL: on Add Member's path). */
export async function hasJoined(db: DbOrTx, campaignId: string, customerId: string): Promise<boolean> {
  const rows = await plainRows(db, 'SELECT 1 FROM publications WHERE campaign_id = $1 AND customer_id = $2 LIMIT 1', [campaignId, customerId]);
  return rows.length > 0;
}

export async function insertPublication(db: DbOrTx, row: typeof publications.$inferInsert): Promise<void> {
  await db.insert(publications).values(row);
}

/** `none`: a filter no publication of this service can match; `conditions`: the contract's `filters`. */
export type PublicationFilters = { campaignName?: string; customer?: string; voucherCode?: string; sourceId?: string; conditions?: PublicationListQuery['filters']; none?: boolean };
export type PublicationOrder = PublicationListQuery['order'];

/**
 * What each documented filter field reads. Every publication here succeeded (no failure code), is
 * a loyalty card (`voucher_type` as the sibling query parameter spells it) and no referral code;
 * its parent object is the campaign, its related object the card.
 */
const filterColumns: Record<PublicationFilterField, SQL> = {
  failure_code: sql`NULL::text`,
  result: sql`'SUCCESS'::text`,
  customer_id: sql`${publications.customerId}`,
  campaign_name: sql`${campaigns.name}`,
  voucher_type: sql`'loyalty'::text`,
  is_referral_code: sql`'false'::text`,
  parent_object_id: sql`${publications.campaignId}`,
  related_object_id: sql`${publications.voucherId}`,
  source_id: sql`${publications.sourceId}`,
};

function conditionsSql(filters: NonNullable<PublicationListQuery['filters']>): SQL | undefined {
  const all = publicationFilterFields.flatMap((field) => {
    const given = filters[field];
    return given ? stringConditions(filterColumns[field], given.conditions) : [];
  });
  return joined(all, filters.junction);
}

/** GET /v1/publications: publications joined with their customer, card and campaign. */
export async function listPublications(db: DbOrTx, projectId: string, filters: PublicationFilters, opts: { limit: number; page: number; order: PublicationOrder }) {
  const where: SQL[] = [eq(publications.projectId, projectId)];
  if (filters.campaignName) where.push(eq(campaigns.name, filters.campaignName));
  if (filters.voucherCode) where.push(eq(vouchers.code, filters.voucherCode));
  if (filters.sourceId) where.push(eq(publications.sourceId, filters.sourceId));
  const conditions = filters.conditions && conditionsSql(filters.conditions);
  if (conditions) where.push(conditions);
  if (filters.none) where.push(sql`false`);
  if (filters.customer) {
    where.push(filters.customer.startsWith('cust_') ? eq(publications.customerId, filters.customer) : eq(customers.sourceId, filters.customer));
  }
  const columns = {
    created_at: publications.createdAt,
    id: publications.id,
    voucher_code: vouchers.code,
    tracking_id: publications.trackingId,
    customer_id: publications.customerId,
    channel: publications.channel,
  } as const;
  const column = columns[opts.order.replace('-', '') as keyof typeof columns];
  const base = db
    .select({ publication: publications, customer: customers, voucher: vouchers, campaignName: campaigns.name })
    .from(publications)
    .innerJoin(customers, eq(customers.id, publications.customerId))
    .innerJoin(vouchers, eq(vouchers.id, publications.voucherId))
    .innerJoin(campaigns, eq(campaigns.id, publications.campaignId))
    .where(and(...where));
  const rows = await base
    .orderBy(opts.order.startsWith('-') ? desc(column) : asc(column), asc(publications.id))
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  const [{ total }] = await db
    .select({ total: count() })
    .from(publications)
    .innerJoin(customers, eq(customers.id, publications.customerId))
    .innerJoin(vouchers, eq(vouchers.id, publications.voucherId))
    .innerJoin(campaigns, eq(campaigns.id, publications.campaignId))
    .where(and(...where));
  return { rows, total };
}
