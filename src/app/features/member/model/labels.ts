import type { MemberActivity } from '../../../../contract/member-activity';

const activityLabels: Record<MemberActivity['type'], string> = {
  'customer.publication.succeeded': 'Card given to the customer',
  'customer.rewarded.loyalty_points': 'Points earned',
  'customer.voucher.loyalty_card.points_added': 'Points added or removed',
  'customer.voucher.loyalty_card.points_expired': 'Points expired',
  'customer.voucher.loyalty_card.points_transferred': 'Points transferred',
  'customer.reward_redemptions.completed': 'Reward redeemed',
  'customer.loyalty.tier.joined': 'Reached a tier',
  'customer.loyalty.tier.upgraded': 'Moved up a tier',
  'customer.loyalty.tier.downgraded': 'Moved down a tier',
  'customer.loyalty.tier.prolonged': 'Tier extended',
  'customer.loyalty.tier.left': 'Left the tiers',
  'customer.loyalty.tier.expiration.changed': 'Tier end date changed',
};

export function activityLabel(type: MemberActivity['type']): string {
  return activityLabels[type];
}
