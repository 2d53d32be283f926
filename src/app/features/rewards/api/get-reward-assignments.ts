import { queryOptions, useQuery } from '@tanstack/react-query';
import { rewardAssignmentListSchema, rewardOwnAssignmentListQuerySchema, type RewardAssignmentList } from '../../../../contract/reward-assignment';
import { apiRequest } from '../../../lib/api-client';
import { contractQuery } from '../../../lib/contract-query';
import { rewardKeys } from './get-rewards';

/** GET /v1/rewards/{rewardId}/assignments: the programs offering a reward, with their prices (the first 100). */
export function getRewardAssignments(rewardId: string, signal?: AbortSignal): Promise<RewardAssignmentList> {
  return apiRequest(`/v1/rewards/${encodeURIComponent(rewardId)}/assignments`, rewardAssignmentListSchema, { query: contractQuery(rewardOwnAssignmentListQuerySchema, { limit: 100 }), signal });
}

export function rewardAssignmentsQueryOptions(rewardId: string) {
  return queryOptions({ queryKey: rewardKeys.assignments(rewardId), queryFn: ({ signal }) => getRewardAssignments(rewardId, signal) });
}

export function useRewardAssignments(rewardId: string) {
  return useQuery(rewardAssignmentsQueryOptions(rewardId));
}
