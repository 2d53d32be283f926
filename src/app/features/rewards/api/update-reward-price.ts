import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rewardAssignmentSchema, type RewardAssignment } from '../../../../contract/reward-assignment';
import { apiRequest } from '../../../lib/api-client';
import { rewardKeys } from './get-rewards';

/** PUT /v1/rewards/{rewardId}/assignments/{assignmentId}: a program's new points price for the reward. */
export function updateRewardPrice(rewardId: string, assignmentId: string, points: number): Promise<RewardAssignment> {
  return apiRequest(`/v1/rewards/${encodeURIComponent(rewardId)}/assignments/${encodeURIComponent(assignmentId)}`, rewardAssignmentSchema, { method: 'PUT', body: { parameters: { loyalty: { points } } } });
}

export function useUpdateRewardPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rewardId, assignmentId, points }: { rewardId: string; assignmentId: string; points: number }) => updateRewardPrice(rewardId, assignmentId, points),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: rewardKeys.all }), queryClient.invalidateQueries({ queryKey: ['loyalties'] })]),
  });
}
