import type { BalanceUpdateResponse } from '../../contract/loyalty-balance';
import type { VoucherRow } from '../db/repositories/vouchers';

/** The balance object answered for a manual change of `points` (signed) on a card, as it is after the change. */
export function presentBalanceUpdate(card: Pick<VoucherRow, 'id' | 'points' | 'balance'>, points: number): BalanceUpdateResponse {
  return {
    points,
    total: card.points,
    balance: card.balance,
    type: 'loyalty_card',
    object: 'balance',
    related_object: { type: 'voucher', id: card.id },
    operation_type: 'MANUAL',
  };
}
