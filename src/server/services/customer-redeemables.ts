import { sql } from 'drizzle-orm';
import type { CustomerRedeemableFilters, CustomerRedeemableList, CustomerRedeemableListQuery } from '../../contract/customer-redeemables';
import type { ServiceContext } from '../context';
import { dateConditions, joined, stringConditions } from '../db/condition-filters';
import { holdsRecord, pageOfHolderRecords } from '../db/repositories/customer-redeemables';
import { findCustomer, findCustomerBySourceId } from '../db/repositories/customers';
import { vouchersByIds } from '../db/repositories/vouchers';
import { invalidQueryAt, notFound } from '../lib/api-error';
import { cursorPage } from '../presenters/cursor-page';
import { presentCustomerRedeemable } from '../presenters/customer-redeemable';
import { presentMembers } from './member-view';

/** The contract's filters as conditions on the holder records' columns, joined by its junction. */
function filterOf(filters: CustomerRedeemableFilters | undefined, now: Date) {
  if (!filters) return undefined;
  const text = (column: string, conditions: Parameters<typeof stringConditions>[1] | undefined) => (conditions ? stringConditions(sql.raw(`h.${column}`), conditions) : []);
  return joined(
    [
      ...text('id', filters.id?.conditions),
      ...(filters.created_at ? dateConditions(sql`h.created_at`, filters.created_at.conditions, now) : []),
      ...text('redeemable_id', filters.redeemable_id?.conditions),
      ...text('redeemable_object', filters.redeemable_object?.conditions),
      ...text('holder_role', filters.holder_role?.conditions),
      ...text('campaign_id', filters.campaign_id?.conditions),
      ...text('campaign_type', filters.campaign_type?.conditions),
      ...text('voucher_type', filters.voucher_type?.conditions),
    ],
    filters.junction,
  );
}

/**
 * GET /v1/customers/{customerId}/redeemables (id or source id): the vouchers the customer holds,
 * each with its holder record, paged by holder id after `starting_after_id`, newest first unless
 * `order=id`. `total` counts every record the filters match, not only this page.
 */
export async function listCustomerRedeemables(ctx: ServiceContext, projectId: string, ref: string, query: CustomerRedeemableListQuery): Promise<CustomerRedeemableList> {
  const customer = (await findCustomer(ctx.db, projectId, ref)) ?? (await findCustomerBySourceId(ctx.db, projectId, ref));
  if (!customer) throw notFound('customer', ref);
  if (query.starting_after_id && !(await holdsRecord(ctx.db, projectId, customer.id, query.starting_after_id))) {
    throw invalidQueryAt(['starting_after_id'], `customer ${ref} holds no redeemable ${query.starting_after_id}`);
  }
  const now = ctx.clock.now();
  const { rows, total } = await pageOfHolderRecords(ctx.db, projectId, customer.id, {
    limit: query.limit + 1,
    order: query.order,
    afterId: query.starting_after_id,
    filter: filterOf(query.filters, now),
  });
  const { page, paging } = cursorPage(rows, query.limit, (record) => record.id);
  const cards = await vouchersByIds(ctx.db, projectId, page.map((record) => record.redeemableId));
  const campaigns = new Map(page.map((record) => [record.campaignId, { id: record.campaignId, name: record.campaignName }]));
  const members = await presentMembers(ctx, ctx.db, campaigns, cards);
  const memberById = new Map(members.map((member) => [member.id, member]));
  const cardById = new Map(cards.map((card) => [card.id, card]));
  const data = page.flatMap((record) => {
    const card = cardById.get(record.redeemableId);
    const voucher = memberById.get(record.redeemableId);
    return card && voucher ? [presentCustomerRedeemable(record, customer.id, card, voucher, now)] : [];
  });
  return { object: 'list', data_ref: 'data', data, total, ...paging };
}
