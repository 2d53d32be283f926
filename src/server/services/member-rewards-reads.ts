import type { MemberRewardList } from '../../contract/reward-assignment';
import type { ServiceContext } from '../context';
import { listProgramRewards } from '../db/repositories/reward-assignments';
import { redemptionCounts } from '../db/repositories/rewards';
import { presentReward } from '../presenters/reward';
import { presentRewardAssignment } from '../presenters/reward-assignment';
import { memberCard } from './member-cards';

/**
 * GET /v1/loyalties/members/{memberId}/rewards: the rewards the card's program offers, with their
 * assignment (price); with `affordable_only=true`, only those the member can get with the balance now.
 */
export async function listMemberRewards(ctx: ServiceContext, projectId: string, code: string, opts: { affordable_only: boolean; limit: number; page: number }): Promise<MemberRewardList> {
  const { card } = await memberCard(ctx.db, projectId, code, undefined);
  const { rows, total } = await listProgramRewards(ctx.db, card.campaignId, { limit: opts.limit, page: opts.page, affordableWith: opts.affordable_only ? card.balance : undefined });
  const redeemed = await redemptionCounts(ctx.db, rows.map((r) => r.reward.id));
  return {
    object: 'list',
    data_ref: 'data',
    data: rows.map(({ reward, assignment }) => ({ reward: presentReward(reward, redeemed.get(reward.id) ?? 0), assignment: presentRewardAssignment(assignment), object: 'loyalty_reward' })),
    total,
  };
}
