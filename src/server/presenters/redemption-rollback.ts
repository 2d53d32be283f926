import type { Order, Redemption } from '../../contract/redemption';
import type { RedemptionRollback } from '../../contract/redemption-rollback';
import type { RedemptionRollbackRow } from '../db/repositories/redemption-rollbacks';
import type { RedemptionRow } from '../db/repositories/redemption-context';

/** The order a pay-with-points redemption paid, as it is once the redemption was rolled back: canceled, its entry naming the rollback. */
export function rolledBackOrder(order: Order, redemptionId: string, rollback: RedemptionRollbackRow): RedemptionRollback['order'] {
  const at = rollback.createdAt.toISOString();
  const entry = order.redemptions[redemptionId];
  return {
    ...order,
    status: 'CANCELED',
    updated_at: at,
    redemptions: { ...order.redemptions, ...(entry && { [redemptionId]: { ...entry, rollback_id: rollback.id, rollback_date: at } }) },
  };
}

/**
 * A rollback as the real API answers it: the redemption it undid (`redemption`), the points given
 * back as a negative `amount`, the card after it, and the reward as the redemption named it.
 */
export function presentRedemptionRollback(input: { rollback: RedemptionRollbackRow; redemption: RedemptionRow; redeemed: Redemption; channel: RedemptionRollback['channel'] }): RedemptionRollback {
  const { rollback, redemption, redeemed } = input;
  return {
    id: rollback.id,
    object: 'redemption_rollback',
    date: rollback.createdAt.toISOString(),
    customer_id: redemption.customerId,
    tracking_id: redemption.trackingId,
    metadata: (rollback.metadata as RedemptionRollback['metadata']) ?? null,
    amount: -redemption.points,
    redemption: redemption.id,
    reason: rollback.reason,
    result: 'SUCCESS',
    status: 'SUCCEEDED',
    order: redeemed.order && rolledBackOrder(redeemed.order, redemption.id, rollback),
    channel: input.channel,
    customer: redeemed.customer,
    related_object_type: 'voucher',
    related_object_id: redemption.voucherId,
    voucher: redeemed.voucher,
    reward: redeemed.reward,
    loyalty_card: { points: -redemption.points },
  };
}
