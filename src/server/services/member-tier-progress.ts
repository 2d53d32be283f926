import type { LoyaltyTiersExpiration, MemberTierProgress } from '../../contract/loyalty-tier';
import { tierHistoryLength } from '../../contract/loyalty-tier';
import type { ServiceContext } from '../context';
import { latestTierChanges } from '../db/repositories/member-tiers';
import { initialTierState, type TierState } from '../domain/tier-engine';
import { tierPolicyOf } from '../domain/tier-policy';
import { tierProgress } from '../domain/tier-progress';
import { memberCard } from './member-cards';
import { catchUpCardTier, tierRanges } from './member-tiers';

/** A UTC day of an instant; for an exclusive end, the last day it still holds. */
const day = (at: Date) => at.toISOString().slice(0, 10);
const lastDay = (end: number | Date) => day(new Date(new Date(end).getTime() - 1));

/**
 * GET /v1/loyalties/members/{memberId}/tiers/progress: the member's tier caught up first (as every
 * reader of it), then where they stand, from the engine's own fold (domain/tier-progress.ts), and
 * the latest tier changes. A program without tiers answers `has_tiers: false` and nothing to reach.
 */
export async function memberTierProgress(ctx: ServiceContext, projectId: string, code: string): Promise<MemberTierProgress> {
  const { card, campaign } = await memberCard(ctx.db, projectId, code, undefined);
  const policy = tierPolicyOf(campaign.loyaltyTiersExpiration as LoyaltyTiersExpiration | null);
  const caught = await catchUpCardTier(ctx, ctx.db, card.id);
  const state = (caught?.row.state as unknown as TierState | undefined) ?? initialTierState(ctx.clock.now().getTime(), policy);
  const tiers = caught?.tiers ?? [];
  const names = new Map(tiers.map((t) => [t.id, { id: t.id, name: t.name }]));
  const named = (id: string | null) => (id === null ? null : (names.get(id) ?? { id, name: id }));
  const progress = tierProgress(state, policy, tierRanges(tiers));
  const current = caught?.row.tierId ? named(caught.row.tierId) : null;
  const history = caught ? await latestTierChanges(ctx.db, card.id, tierHistoryLength) : [];
  return {
    object: 'loyalty_tier_progress',
    member_id: card.code,
    campaign_id: campaign.id,
    has_tiers: tiers.length > 0,
    qualification: {
      type: policy.qualification.type,
      period: policy.qualification.type === 'POINTS_IN_PERIOD' ? policy.qualification.period : null,
      period_end_date: progress.periodEnds === null ? null : lastDay(progress.periodEnds),
      start: policy.start,
    },
    qualifying_points: progress.qualifyingPoints,
    tier: current && { ...current, start_date: caught?.row.since ? day(caught.row.since) : null, expiration_date: caught?.row.expiresAt ? lastDay(caught.row.expiresAt) : null },
    reached_tier: named(progress.reached),
    next_tier: progress.next && { ...(named(progress.next.id) as { id: string; name: string }), points_from: progress.next.from },
    points_to_next_tier: progress.pointsToNext,
    history: history.map((change) => ({
      type: change.type as MemberTierProgress['history'][number]['type'],
      tier_from: named(change.tierFrom),
      tier_to: named(change.tierTo),
      created_at: change.createdAt.toISOString(),
      expiration_date: change.expiresAt ? lastDay(change.expiresAt) : null,
    })),
  };
}
