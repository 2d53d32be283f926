import type { CampaignTransactionListQuery, CardTransactionList, CardTransactionListQuery } from '../../contract/card-transaction';
import { sql } from 'drizzle-orm';
import { dateConditions, joined, stringConditions } from '../db/condition-filters';
import type { ServiceContext } from '../context';
import { findCampaignTransaction, findCardTransaction, listCardTransactions } from '../db/repositories/card-transactions';
import { getCampaign } from '../db/repositories/campaigns';
import { findVoucherByCode } from '../db/repositories/vouchers';
import { invalidQueryAt, notFound } from '../lib/api-error';
import { presentCardTransaction } from '../presenters/card-transaction';
import { cursorPage } from '../presenters/cursor-page';

/**
 * GET /v1/loyalties/[{campaignId}/]members/{memberId}/transactions. `memberId` is the card code.
 * `id` orders by recording order (transaction ids are random, so their order is the ledger's);
 * the default is newest first, as the real API's example lists them. `filters` narrows by the
 * transaction's id and creation time (the contract's conditions, joined by its junction; days
 * counted back from the project's clock).
 */
export async function listMemberTransactions(
  ctx: ServiceContext,
  projectId: string,
  code: string,
  query: CardTransactionListQuery,
  campaignRef?: string,
): Promise<CardTransactionList> {
  const card = await findVoucherByCode(ctx.db, projectId, code);
  const campaign = campaignRef ? await getCampaign(ctx.db, projectId, campaignRef) : undefined;
  if (!card || (campaign && card.campaignId !== campaign.id)) throw notFound('voucher', code);
  let afterSeq: number | undefined;
  if (query.starting_after_id) {
    const after = await findCardTransaction(ctx.db, card.id, query.starting_after_id);
    if (!after) throw invalidQueryAt(['starting_after_id'], `card ${code} has no transaction ${query.starting_after_id}`);
    afterSeq = after.seq;
  }
  const { filters } = query;
  const filter = joined(
    [
      ...(filters?.id ? stringConditions(sql`card_transactions.id`, filters.id.conditions) : []),
      ...(filters?.created_at ? dateConditions(sql`card_transactions.created_at`, filters.created_at.conditions, ctx.clock.now()) : []),
    ],
    filters?.junction,
  );
  const rows = await listCardTransactions(ctx.db, card.id, { limit: query.limit + 1, order: query.order, afterSeq, filter });
  const { page, paging } = cursorPage(rows, query.limit, (row) => row.id);
  return { object: 'list', data_ref: 'data', data: page.map(presentCardTransaction), ...paging };
}

/**
 * GET /v1/loyalties/{campaignId}/transactions: the program's ledger across its cards, paged as a
 * card's is; `filters` by transaction id and card id (`voucher_id`), as the contract lists them.
 */
export async function listCampaignTransactions(ctx: ServiceContext, projectId: string, campaignRef: string, query: CampaignTransactionListQuery): Promise<CardTransactionList> {
  const campaign = await getCampaign(ctx.db, projectId, campaignRef);
  let afterSeq: number | undefined;
  if (query.starting_after_id) {
    const after = await findCampaignTransaction(ctx.db, campaign.id, query.starting_after_id);
    if (!after) throw invalidQueryAt(['starting_after_id'], `program ${campaign.id} has no transaction ${query.starting_after_id}`);
    afterSeq = after.seq;
  }
  const { filters } = query;
  const filter = joined(
    [
      ...(filters?.id ? stringConditions(sql`card_transactions.id`, filters.id.conditions) : []),
      ...(filters?.voucher_id ? stringConditions(sql`card_transactions.voucher_id`, filters.voucher_id.conditions) : []),
    ],
    filters?.junction,
  );
  const rows = await listCardTransactions(ctx.db, { campaignId: campaign.id }, { limit: query.limit + 1, order: query.order, afterSeq, filter });
  const { page, paging } = cursorPage(rows, query.limit, (row) => row.id);
  return { object: 'list', data_ref: 'data', data: page.map(presentCardTransaction), ...paging };
}
