import type { MemberRewardList } from '../../contract/reward-assignment';
import type { ServiceContext } from '../context';
import { listProgramRewards } from '../db/repositories/reward-assignments';
import { redemptionCounts } from '../db/repositories/rewards';
import { presentReward } from '../presenters/reward';
import { presentRewardAssignment } from '../presenters/reward-assignment';
import { memberCard } from './member-cards';
import { catchUpCardTier } from './member-tiers';
import type { TierMapping } from '../../contract/loyalty-tier';
import type { RewardAssignmentRow } from '../db/repositories/reward-assignments';
import { mappedPrice } from '../domain/tier-policy';

/**
 * GET /v1/loyalties/members/{memberId}/rewards: the rewards the card's program offers, with their
 * assignment (price, the member's tier price where their tier maps it); with `affordable_only=true`,
 * only those the member can get with the balance now.
 */
export async function listMemberRewards(ctx: ServiceContext, projectId: string, code: string, opts: { affordable_only: boolean; limit: number; page: number }): Promise<MemberRewardList> {
  const { card } = await memberCard(ctx.db, projectId, code, undefined);
  // A tiered member sees the prices of their tier (caught up first).
  const caught = await catchUpCardTier(ctx, ctx.db, card.id);
  const mappings = caught?.tiers.find((t) => t.id === caught.row.tierId)?.rewards as Record<string, TierMapping> | undefined;
  const priceOf = mappings ? (a: RewardAssignmentRow) => (a.points === null ? a : { ...a, points: mappedPrice(a.points, mappings[a.id]) }) : undefined;
  const { rows, total } = await listProgramRewards(ctx.db, card.campaignId, { limit: opts.limit, page: opts.page, affordableWith: opts.affordable_only ? card.balance : undefined, priceOf });
  const redeemed = await redemptionCounts(ctx.db, rows.map((r) => r.reward.id));
  return {
    object: 'list',
    data_ref: 'data',
    data: rows.map(({ reward, assignment }) => ({ reward: presentReward(reward, redeemed.get(reward.id) ?? 0), assignment: presentRewardAssignment(assignment), object: 'loyalty_reward' })),
    total,
  };
}
