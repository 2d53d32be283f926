import type { CreateRewardAssignmentsRequest, RewardAssignment, RewardAssignmentList, UpdateRewardAssignmentRequest } from '../../contract/reward-assignment';
import type { ServiceContext } from '../context';
import { violatedForeignKey, violatedUniqueIndex } from '../../platform/db/errors';
import { newId } from '../../platform/ids';
import { getCampaign } from '../db/repositories/campaigns';
import { assignmentsOfRewards, deleteAssignment, findAssignment, insertAssignments, listAssignments, updateAssignmentPoints } from '../db/repositories/reward-assignments';
import { rewardsByIds } from '../db/repositories/rewards';
import { ApiError, invalidPayload, invalidPayloadAt, notFound } from '../lib/api-error';
import { presentRewardAssignment } from '../presenters/reward-assignment';

function duplicate(assignmentId: string): ApiError {
  return new ApiError(409, 'duplicate_found', 'Duplicated resource found', `Duplicated reward_assignment exists with id ${assignmentId}`, { id: assignmentId, type: 'reward_assignment' });
}

export async function listRewardAssignments(ctx: ServiceContext, projectId: string, campaignRef: string, opts: { limit: number; page: number; assignment_id?: string }): Promise<RewardAssignmentList> {
  const campaign = await getCampaign(ctx.db, projectId, campaignRef);
  const { rows, total } = await listAssignments(ctx.db, campaign.id, { limit: opts.limit, page: opts.page, assignmentId: opts.assignment_id });
  return { object: 'list', data_ref: 'data', data: rows.map(presentRewardAssignment), total };
}

/**
 * POST /v1/loyalties/{campaignId}/rewards: offers rewards in the program, all or none. A reward the
 * program already offers, or one named twice, is 409 duplicate_found. Every reward but pay with
 * points (COIN) needs its price, `parameters.loyalty.points`; COIN takes none.
 */
export async function createRewardAssignments(ctx: ServiceContext, projectId: string, campaignRef: string, items: CreateRewardAssignmentsRequest): Promise<RewardAssignment[]> {
  const now = ctx.clock.now();
  const campaign = await getCampaign(ctx.db, projectId, campaignRef);
  const rewards = await rewardsByIds(ctx.db, projectId, items.map((i) => i.reward));
  items.forEach((item, index) => {
    const reward = rewards.get(item.reward);
    if (!reward) throw notFound('reward', item.reward);
    if (reward.type === 'COIN' && item.parameters) throw invalidPayloadAt([index, 'parameters'], `pay with points (COIN) has no price; leave parameters out`);
    if (reward.type !== 'COIN' && !item.parameters) throw invalidPayload(`Property .${index} should have required property 'parameters' (the price in points, parameters.loyalty.points)`);
  });
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.reward)) throw invalidPayload(`Payload names reward ${item.reward} twice`);
    seen.add(item.reward);
  }
  try {
    return await ctx.db.transaction(async (tx) => {
      const [existing] = await assignmentsOfRewards(tx, campaign.id, items.map((i) => i.reward));
      if (existing) throw duplicate(existing.id);
      const rows = await insertAssignments(
        tx,
        items.map((item) => ({ id: newId('rewa'), projectId, rewardId: item.reward, campaignId: campaign.id, points: item.parameters?.loyalty.points ?? null, createdAt: now })),
      );
      const byReward = new Map(rows.map((r) => [r.rewardId, r]));
      return items.map((item) => presentRewardAssignment(byReward.get(item.reward) as (typeof rows)[number]));
    });
  } catch (error) {
    // A parallel request assigned one of these rewards first.
    if (violatedUniqueIndex(error) === 'reward_assignments_campaign_reward_uq') {
      const [winner] = await assignmentsOfRewards(ctx.db, campaign.id, items.map((i) => i.reward));
      if (winner) throw duplicate(winner.id);
    }
    // The reward was deleted while this request ran.
    if (violatedForeignKey(error)) throw notFound('reward', items.map((i) => i.reward).join(', '));
    throw error;
  }
}

async function assignmentOf(ctx: ServiceContext, projectId: string, campaignRef: string, assignmentId: string) {
  const campaign = await getCampaign(ctx.db, projectId, campaignRef);
  const assignment = await findAssignment(ctx.db, campaign.id, assignmentId);
  if (!assignment) throw notFound('reward_assignment', assignmentId);
  return assignment;
}

export async function getRewardAssignment(ctx: ServiceContext, projectId: string, campaignRef: string, assignmentId: string): Promise<RewardAssignment> {
  return presentRewardAssignment(await assignmentOf(ctx, projectId, campaignRef, assignmentId));
}

/** PUT …/rewards/{assignmentId}: a new price. Pay with points has none to change. */
export async function updateRewardAssignment(ctx: ServiceContext, projectId: string, campaignRef: string, assignmentId: string, body: UpdateRewardAssignmentRequest): Promise<RewardAssignment> {
  const assignment = await assignmentOf(ctx, projectId, campaignRef, assignmentId);
  if (assignment.points === null) throw invalidPayloadAt(['parameters'], 'pay with points (COIN) has no price to change');
  return presentRewardAssignment(await updateAssignmentPoints(ctx.db, assignment.id, body.parameters.loyalty.points, ctx.clock.now()));
}

export async function deleteRewardAssignment(ctx: ServiceContext, projectId: string, campaignRef: string, assignmentId: string): Promise<void> {
  const assignment = await assignmentOf(ctx, projectId, campaignRef, assignmentId);
  await deleteAssignment(ctx.db, assignment.id);
}
