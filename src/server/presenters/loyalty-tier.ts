import type { LoyaltyTier, TierMapping } from '../../contract/loyalty-tier';
import type { LoyaltyTierRow } from '../db/repositories/loyalty-tiers';
import type { MemberTierRow } from '../db/repositories/member-tiers';
import { iso } from './timestamps';

/** A UTC day of an instant; for an exclusive end, the last day it still holds. */
const day = (at: Date) => at.toISOString().slice(0, 10);
const lastDay = (end: Date) => day(new Date(end.getTime() - 1));

/** A tier as the contract's LoyaltyTier: its range in `points` and again in `config.points`, as the real API answers. */
export function presentLoyaltyTier(row: LoyaltyTierRow): LoyaltyTier {
  const points = { from: row.pointsFrom, ...(row.pointsTo !== null && { to: row.pointsTo }) };
  return {
    id: row.id,
    name: row.name,
    campaign_id: row.campaignId,
    metadata: row.metadata,
    created_at: row.createdAt.toISOString(),
    updated_at: iso(row.updatedAt),
    earning_rules: row.earningRules as Record<string, TierMapping>,
    rewards: row.rewards as Record<string, TierMapping>,
    config: { points },
    points,
    object: 'loyalty_tier',
  };
}

/**
 * The member's current tier with its `expiration`: the day it started and the last day it holds
 * (null while it holds without end), as the contract's example shows them.
 */
export function presentMemberTier(tier: LoyaltyTierRow, member: MemberTierRow, customerId: string | null): LoyaltyTier {
  return {
    ...presentLoyaltyTier(tier),
    expiration: {
      customer_id: customerId,
      campaign_id: member.campaignId,
      tier_id: tier.id,
      start_date: member.since ? day(member.since) : null,
      expiration_date: member.expiresAt ? lastDay(member.expiresAt) : null,
      created_at: member.createdAt.toISOString(),
      updated_at: iso(member.updatedAt),
    },
  };
}
