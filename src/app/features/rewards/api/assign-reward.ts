import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rewardAssignmentSchema, type CreateRewardOwnAssignmentRequest, type RewardAssignment } from '../../../../contract/reward-assignment';
import { apiRequest } from '../../../lib/api-client';
import { rewardKeys } from './get-rewards';

/** POST /v1/rewards/{rewardId}/assignments: a program offers the reward, at a points price unless it is pay with points. */
export function assignReward(rewardId: string, body: CreateRewardOwnAssignmentRequest): Promise<RewardAssignment> {
  return apiRequest(`/v1/rewards/${encodeURIComponent(rewardId)}/assignments`, rewardAssignmentSchema, { body });
}

export function useAssignReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rewardId, body }: { rewardId: string; body: CreateRewardOwnAssignmentRequest }) => assignReward(rewardId, body),
    // The program's rewards (Loyalty tiers, the member page) change too.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: rewardKeys.all }), queryClient.invalidateQueries({ queryKey: ['loyalties'] })]),
  });
}
