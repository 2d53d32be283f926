import type { CardTransactionList } from '../../contract/card-transaction';
import type { ServiceContext } from '../context';
import { findCardTransaction, listCardTransactions } from '../db/repositories/card-transactions';
import { getCampaign } from '../db/repositories/campaigns';
import { findVoucherByCode } from '../db/repositories/vouchers';
import { invalidQueryAt, notFound } from '../lib/api-error';
import { presentCardTransaction } from '../presenters/card-transaction';
import { cursorPage } from '../presenters/cursor-page';

/**
 * GET /v1/loyalties/[{campaignId}/]members/{memberId}/transactions. `memberId` is the card code.
 * `id` orders by recording order (transaction ids are random, so their order is the ledger's);
 * the default is newest first, as the real API's example lists them.
 */
export async function listMemberTransactions(
  ctx: ServiceContext,
  projectId: string,
  code: string,
  query: { limit: number; order: 'id' | '-id'; starting_after_id?: string },
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
  const rows = await listCardTransactions(ctx.db, card.id, { limit: query.limit + 1, order: query.order, afterSeq });
  const { page, paging } = cursorPage(rows, query.limit, (row) => row.id);
  return { object: 'list', data_ref: 'data', data: page.map(presentCardTransaction), ...paging };
}
