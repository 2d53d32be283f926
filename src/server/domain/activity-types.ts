import type { MemberActivityType } from '../../contract/member-activity';

/** The activity event a card transaction is told as (member and customer activity alike). */
export const activityTypeOfTransaction: Record<string, MemberActivityType> = {
  POINTS_ACCRUAL: 'customer.rewarded.loyalty_points',
  PENDING_POINTS_ACTIVATION: 'customer.rewarded.loyalty_points',
  POINTS_ADDITION: 'customer.voucher.loyalty_card.points_added',
  // The real API has no event for points taken by hand: a removal is points_added with negative points, as the balance endpoint answers.
  POINTS_REMOVAL: 'customer.voucher.loyalty_card.points_added',
  POINTS_REFUND: 'customer.voucher.loyalty_card.points_added',
  POINTS_TRANSFER_IN: 'customer.voucher.loyalty_card.points_transferred',
  POINTS_TRANSFER_OUT: 'customer.voucher.loyalty_card.points_transferred',
  POINTS_EXPIRATION: 'customer.voucher.loyalty_card.points_expired',
  POINTS_REDEMPTION: 'customer.reward_redemptions.completed',
};

/** Any other transaction type is told as points added. */
export const defaultTransactionActivity: MemberActivityType = 'customer.voucher.loyalty_card.points_added';

/**
 * Which records a customer activity `type` filter keeps: publications, custom events, the card
 * transactions of some types, tier changes of one kind. A type this service never records keeps none.
 */
export interface ActivityKinds {
  publications: boolean;
  events: boolean;
  transactionTypes: string[];
  tierChanges: string[];
}

export function activityKindsOfType(type: string | undefined, allTransactionTypes: readonly string[]): ActivityKinds {
  if (type === undefined) return { publications: true, events: true, transactionTypes: [...allTransactionTypes], tierChanges: ['joined', 'upgraded', 'downgraded', 'prolonged', 'left', 'expiration.changed'] };
  const tier = type.startsWith('customer.loyalty.tier.') ? type.slice('customer.loyalty.tier.'.length) : undefined;
  return {
    publications: type === 'customer.publication.succeeded',
    events: type === 'customer.custom_event',
    transactionTypes: allTransactionTypes.filter((t) => (activityTypeOfTransaction[t] ?? defaultTransactionActivity) === type),
    tierChanges: tier ? [tier] : [],
  };
}

/**
 * ACTION is what the customer (or a client for them) did: a custom event, a card given on request,
 * a reward redeemed. EFFECT is what followed: points earned, added, expired or moved, tier changes.
 */
export function isActionActivity(kind: 'publication' | 'event' | 'transaction' | 'tier', transactionType?: string): boolean {
  return kind === 'publication' || kind === 'event' || (kind === 'transaction' && transactionType === 'POINTS_REDEMPTION');
}
