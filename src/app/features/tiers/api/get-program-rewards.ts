import { queryOptions, useQuery } from '@tanstack/react-query';
import { rewardAssignmentListQuerySchema, rewardAssignmentListSchema } from '../../../../contract/reward-assignment';
import { rewardListQuerySchema, rewardListSchema } from '../../../../contract/reward';
import { apiRequest } from '../../../lib/api-client';
import { contractQuery } from '../../../lib/contract-query';

/** A reward a program offers: its assignment (what tiers price, by `rewa_…` id), its name and its price. */
export interface ProgramReward {
  assignmentId: string;
  name: string;
  /** Null for pay with points, which has no price to map. */
  points: number | null;
}

/**
 * GET /v1/loyalties/{campaignId}/rewards (the assignments, with prices) and GET /v1/rewards (their
 * names), the first 100 of each: what a tier can price.
 */
export async function getProgramRewards(campaignId: string, signal?: AbortSignal): Promise<ProgramReward[]> {
  const [assignments, rewards] = await Promise.all([
    apiRequest(`/v1/loyalties/${encodeURIComponent(campaignId)}/rewards`, rewardAssignmentListSchema, { query: contractQuery(rewardAssignmentListQuerySchema, { limit: 100 }), signal }),
    apiRequest('/v1/rewards', rewardListSchema, { query: contractQuery(rewardListQuerySchema, { limit: 100 }), signal }),
  ]);
  const names = new Map(rewards.data.map((reward) => [reward.id, reward.name]));
  return assignments.data.map((a) => ({ assignmentId: a.id, name: names.get(a.reward_id) ?? 'A reward', points: a.parameters?.loyalty.points ?? null }));
}

export function programRewardsQueryOptions(campaignId: string) {
  return queryOptions({ queryKey: ['loyalties', campaignId, 'rewards'] as const, queryFn: ({ signal }) => getProgramRewards(campaignId, signal) });
}

export function useProgramRewards(campaignId: string | undefined) {
  return useQuery({ ...programRewardsQueryOptions(campaignId ?? ''), enabled: campaignId !== undefined });
}
