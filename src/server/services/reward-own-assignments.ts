import type { Reward } from '../../contract/reward';
import type { CreateRewardOwnAssignmentRequest, RewardAssignment, RewardAssignmentList, UpdateRewardAssignmentRequest } from '../../contract/reward-assignment';
import type { ServiceContext } from '../context';
import { findAssignmentById, listAssignments } from '../db/repositories/reward-assignments';
import { findReward } from '../db/repositories/rewards';
import { notFound } from '../lib/api-error';
import { presentRewardAssignment } from '../presenters/reward-assignment';
import { createRewardAssignments, deleteRewardAssignment, getRewardAssignment, updateRewardAssignment } from './reward-assignments';
import { getReward } from './rewards';

/**
 * A reward's assignments seen from the reward (/v1/rewards/{rewardId}/assignments), and a program's
 * assignment's reward (/v1/loyalties/{campaignId}/reward-assignments/{assignmentId}/reward): the
 * same assignments as /v1/loyalties/{campaignId}/rewards, through the same use-cases.
 */

async function requireReward(ctx: ServiceContext, projectId: string, rewardId: string) {
  const reward = await findReward(ctx.db, projectId, rewardId);
  if (!reward) throw notFound('reward', rewardId);
  return reward;
}

/** The reward's assignment; 404 when the reward, or its assignment, is not there. */
async function ownAssignment(ctx: ServiceContext, projectId: string, rewardId: string, assignmentId: string) {
  const reward = await requireReward(ctx, projectId, rewardId);
  const assignment = await findAssignmentById(ctx.db, projectId, assignmentId);
  if (!assignment || assignment.rewardId !== reward.id) throw notFound('reward_assignment', assignmentId);
  return assignment;
}

export async function listRewardOwnAssignments(ctx: ServiceContext, projectId: string, rewardId: string, opts: { limit: number; page: number }): Promise<RewardAssignmentList> {
  const reward = await requireReward(ctx, projectId, rewardId);
  const { rows, total } = await listAssignments(ctx.db, undefined, { ...opts, rewardId: reward.id });
  return { object: 'list', data_ref: 'data', data: rows.map(presentRewardAssignment), total };
}

export async function createRewardOwnAssignment(ctx: ServiceContext, projectId: string, rewardId: string, body: CreateRewardOwnAssignmentRequest): Promise<RewardAssignment> {
  const reward = await requireReward(ctx, projectId, rewardId);
  const [created] = await createRewardAssignments(ctx, projectId, body.campaign, [{ reward: reward.id, parameters: body.parameters, validation_rules: body.validation_rules }]);
  return created;
}

export async function getRewardOwnAssignment(ctx: ServiceContext, projectId: string, rewardId: string, assignmentId: string): Promise<RewardAssignment> {
  return presentRewardAssignment(await ownAssignment(ctx, projectId, rewardId, assignmentId));
}

export async function updateRewardOwnAssignment(ctx: ServiceContext, projectId: string, rewardId: string, assignmentId: string, body: UpdateRewardAssignmentRequest): Promise<RewardAssignment> {
  const assignment = await ownAssignment(ctx, projectId, rewardId, assignmentId);
  return updateRewardAssignment(ctx, projectId, assignment.campaignId, assignment.id, body);
}

export async function deleteRewardOwnAssignment(ctx: ServiceContext, projectId: string, rewardId: string, assignmentId: string): Promise<void> {
  const assignment = await ownAssignment(ctx, projectId, rewardId, assignmentId);
  await deleteRewardAssignment(ctx, projectId, assignment.campaignId, assignment.id);
}

/** GET /v1/loyalties/{campaignId}/reward-assignments/{assignmentId}/reward: the reward the program's assignment offers. */
export async function getAssignmentReward(ctx: ServiceContext, projectId: string, campaignRef: string, assignmentId: string): Promise<Reward> {
  const assignment = await getRewardAssignment(ctx, projectId, campaignRef, assignmentId);
  return getReward(ctx, projectId, assignment.reward_id);
}
