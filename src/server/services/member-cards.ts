import type { DbOrTx } from '../../platform/db/client';
import { getCampaign, type CampaignRow } from '../db/repositories/campaigns';
import { findVoucherByCode, lockVoucherByCode, type VoucherRow } from '../db/repositories/vouchers';
import { ApiError, notFound } from '../lib/api-error';

export interface MemberCard {
  card: VoucherRow;
  campaign: CampaignRow;
}

/**
 * The card behind `memberId` (its code) and its program. With the campaign in the path, that
 * campaign must exist (404 `campaign`) and hold the card (404 `voucher`), as the real API answers.
 * With `lock`, the card row is locked for the rest of the transaction: every change to a card's
 * points locks it first, so changes to one card run one after another.
 */
export async function memberCard(db: DbOrTx, projectId: string, code: string, campaignRef: string | undefined, options: { lock?: boolean } = {}): Promise<MemberCard> {
  const named = campaignRef === undefined ? undefined : await getCampaign(db, projectId, campaignRef);
  const card = options.lock ? await lockVoucherByCode(db, projectId, code) : await findVoucherByCode(db, projectId, code);
  return checkedMemberCard(db, projectId, code, card, named);
}

/** memberCard for a card already read (undefined: no card has the code), `named` the campaign in the path. */
export async function checkedMemberCard(db: DbOrTx, projectId: string, code: string, card: VoucherRow | undefined, named: CampaignRow | undefined): Promise<MemberCard> {
  if (!card || (named && card.campaignId !== named.id)) throw notFound('voucher', code);
  return { card, campaign: named ?? (await getCampaign(db, projectId, card.campaignId)) };
}

/** Points move only on a card given to a member. */
export function requireHolder(card: VoucherRow): string {
  if (card.holderId) return card.holderId;
  throw new ApiError(400, 'missing_customer', 'Missing customer', `Loyalty card ${card.code} is not assigned to a customer: points move only on a member's card`, {
    id: card.id,
    type: 'voucher',
  });
}
