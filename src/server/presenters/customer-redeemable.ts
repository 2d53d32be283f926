import type { CustomerRedeemable } from '../../contract/customer-redeemables';
import type { LoyaltyMember } from '../../contract/loyalty-member';
import type { HolderRecord } from '../db/repositories/customer-redeemables';
import type { VoucherRow } from '../db/repositories/vouchers';

/**
 * The redeemable's status as the contract's enum names it, at `now` (the project's clock): switched
 * off, not started, expired, or every allowed redemption used; otherwise ACTIVE. A loyalty card
 * without points is still ACTIVE (it earns): NO_BALANCE is for a gift card's spent credits.
 */
export function redeemableStatus(card: VoucherRow, now: Date): CustomerRedeemable['redeemable']['status'] {
  if (!card.active) return 'DISABLED';
  if (card.startDate && card.startDate > now) return 'NOT_ACTIVE_YET';
  if (card.expirationDate && card.expirationDate < now) return 'EXPIRED';
  if (card.redemptionQuantity !== null && card.redeemedQuantity >= card.redemptionQuantity) return 'USED';
  return 'ACTIVE';
}

/** One holder record of GET /v1/customers/{customerId}/redeemables, the voucher as its member object. */
export function presentCustomerRedeemable(record: HolderRecord, customerId: string, card: VoucherRow, voucher: LoyaltyMember, now: Date): CustomerRedeemable {
  return {
    id: record.id,
    created_at: record.createdAt,
    redeemable_id: record.redeemableId,
    redeemable_object: 'voucher',
    customer_id: customerId,
    holder_role: 'OWNER',
    campaign_id: record.campaignId,
    campaign_type: record.campaignType as CustomerRedeemable['campaign_type'],
    voucher_type: record.voucherType as CustomerRedeemable['voucher_type'],
    redeemable: { type: 'voucher', voucher, status: redeemableStatus(card, now) },
  };
}
