import { componentErrors, contractErrors } from './openapi';

/** The contract's `oneOf` of 26 activity shapes has no discriminator, and most branches require nothing, so any activity matches many branches and the `oneOf` can never hold: each activity's data is checked against the branch its `type` names instead. */
export const branchOf: Record<string, string> = {
  'customer.publication.succeeded': 'EventCustomerPublicationSucceeded',
  'customer.rewarded.loyalty_points': 'EventCustomerRewardedLoyaltyPoints',
  'customer.voucher.loyalty_card.points_added': 'EventCustomerLoyaltyCardPointsAdded',
  'customer.voucher.loyalty_card.points_transferred': 'EventCustomerLoyaltyCardPointsTransferred',
  'customer.voucher.loyalty_card.points_expired': 'EventCustomerVouchersLoyaltyPointsExpired',
  'customer.reward_redemptions.completed': 'EventCustomerRewardRedemptionsCompleted',
  'customer.loyalty.tier.joined': 'EventCustomerLoyaltyTierJoined',
  'customer.loyalty.tier.upgraded': 'EventCustomerLoyaltyTierUpgraded',
  'customer.loyalty.tier.downgraded': 'EventCustomerLoyaltyTierDowngraded',
  'customer.loyalty.tier.prolonged': 'EventCustomerLoyaltyTierProlonged',
  'customer.loyalty.tier.left': 'EventCustomerLoyaltyTierLeft',
  'customer.loyalty.tier.expiration.changed': 'EventCustomerLoyaltyTierExpirationChanged',
  'customer.custom_event': 'EventCustomerCustomEvent',
};

/**
 * A member (or customer) activity list against openapi-spend (or openapi-customers-catalog): the list and its items, then each item's data
 * against the event shape its type names.
 */
export function activityContractErrors(path: string, body: { data: { type: string; data: { data: { transaction?: { type: string } } } }[] }, document: 'spend' | 'customers-catalog' = 'spend'): string[] {
  const withoutData = { ...body, data: body.data.map((a) => ({ ...a, data: { ...a.data, data: undefined } })) };
  return [
    ...contractErrors(document, path, 'get', 200, JSON.parse(JSON.stringify(withoutData))),
    ...body.data.flatMap((a) =>
      componentErrors(document, branchOf[a.type], a.data.data)
        .filter((error) => !(a.type === 'customer.voucher.loyalty_card.points_added' && a.data.data.transaction?.type !== 'POINTS_ACCRUAL' && error.startsWith(manualChangeTypeDefect)))
        .map((e) => `${a.type}: ${e}`),
    ),
  ];
}

/**
 * The points_added event is the contract's only event for points added by hand, yet its
 * `transaction.type` allows only POINTS_ACCRUAL. A manual change keeps its real type
 * (POINTS_ADDITION, POINTS_REMOVAL): this one error (in openapi-customers-catalog the list also allows null),
 * and only for those, is the contract's.
 */
export const manualChangeTypeDefect = '/transaction/type must be equal to one of the allowed values {"allowedValues":["POINTS_ACCRUAL"';
