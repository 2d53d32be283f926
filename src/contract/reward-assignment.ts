import { z } from 'zod';
import { limitQuery, pageQuery } from './common';
import { rewardSchema } from './reward';

/**
 * A reward assigned to a loyalty program, with its price in points (`parameters.loyalty.points`).
 * Pay-with-points (COIN) assignments have no price: the member chooses how many points to spend.
 */

const price = z.object({ loyalty: z.object({ points: z.number().int().min(1).max(1_000_000_000_000) }) });

export const createRewardAssignmentItemSchema = z.object({
  reward: z.string().min(1).max(200),
  parameters: price.optional(),
  validation_rules: z.array(z.string()).max(0, 'validation rules are not supported').optional(),
});

/**
 * POST /v1/loyalties/{campaignId}/rewards. The schema has an array, as its examples (the published
 * description once said object); all items are assigned or none.
 */
export const createRewardAssignmentsRequestSchema = z.array(createRewardAssignmentItemSchema).min(1, 'must hold at least one assignment').max(100);
export type CreateRewardAssignmentsRequest = z.infer<typeof createRewardAssignmentsRequestSchema>;

/** PUT /v1/loyalties/{campaignId}/rewards/{assignmentId}: the new price. */
export const updateRewardAssignmentRequestSchema = z.object({ parameters: price });
export type UpdateRewardAssignmentRequest = z.infer<typeof updateRewardAssignmentRequestSchema>;

export const rewardAssignmentSchema = z.object({
  id: z.string(),
  reward_id: z.string(),
  related_object_id: z.string(),
  related_object_type: z.literal('campaign'),
  parameters: z.object({ loyalty: z.object({ points: z.number().int() }) }).optional(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
  object: z.literal('reward_assignment'),
});
export type RewardAssignment = z.infer<typeof rewardAssignmentSchema>;

export const rewardAssignmentListSchema = z.object({
  object: z.literal('list'),
  data_ref: z.literal('data'),
  data: z.array(rewardAssignmentSchema),
  total: z.number().int(),
});
export type RewardAssignmentList = z.infer<typeof rewardAssignmentListSchema>;

/** GET /v1/loyalties/members/{memberId}/rewards: the rewards of the card's program, with their assignment. */
export const memberRewardSchema = z.object({
  reward: rewardSchema,
  assignment: rewardAssignmentSchema,
  object: z.literal('loyalty_reward'),
});
export type MemberReward = z.infer<typeof memberRewardSchema>;

export const memberRewardListSchema = z.object({
  object: z.literal('list'),
  data_ref: z.literal('data'),
  data: z.array(memberRewardSchema),
  total: z.number().int(),
});
export type MemberRewardList = z.infer<typeof memberRewardListSchema>;

/** `GET /v1/loyalties/members/{memberId}/rewards` query: `affordable_only` keeps the rewards the card can pay for. */
export const memberRewardListQuerySchema = z.object({
  affordable_only: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((v) => v === 'true')
    .default(false),
  limit: limitQuery,
  page: pageQuery,
});

/** `GET /v1/loyalties/{campaignId}/rewards` query. */
export const rewardAssignmentListQuerySchema = z.object({ limit: limitQuery, page: pageQuery, assignment_id: z.string().min(1).max(200).optional() });

/** GET /v1/loyalties/{campaignId}/reward-assignments: the contract spells its filter `assignmentId`. */
export const campaignRewardAssignmentListQuerySchema = z.strictObject({ limit: limitQuery, page: pageQuery, assignmentId: z.string().min(1).max(200).optional() });

/** GET /v1/rewards/{rewardId}/assignments. */
export const rewardOwnAssignmentListQuerySchema = z.strictObject({ limit: limitQuery, page: pageQuery });

/**
 * POST /v1/rewards/{rewardId}/assignments: the reward offered by one program (`campaign`, its id or
 * name), at a price unless it is pay with points (RewardsAssignmentsCreateRequestBody).
 */
export const createRewardOwnAssignmentRequestSchema = z.strictObject({
  campaign: z.string().min(1).max(200),
  parameters: price.optional(),
  validation_rules: z.array(z.string()).max(0, 'validation rules are not supported').optional(),
});
export type CreateRewardOwnAssignmentRequest = z.infer<typeof createRewardOwnAssignmentRequestSchema>;
