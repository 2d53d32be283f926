import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rewardSchema, type Reward, type UpdateRewardRequest } from '../../../../contract/reward';
import { apiRequest } from '../../../lib/api-client';
import { rewardKeys } from './get-rewards';

/** PUT /v1/rewards/{rewardId}: the fields given replace the stored ones (the kind stays). */
export function updateReward(id: string, body: UpdateRewardRequest): Promise<Reward> {
  return apiRequest(`/v1/rewards/${encodeURIComponent(id)}`, rewardSchema, { method: 'PUT', body });
}

export function useUpdateReward() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: ({ id, body }: { id: string; body: UpdateRewardRequest }) => updateReward(id, body), onSuccess: () => queryClient.invalidateQueries({ queryKey: rewardKeys.all }) });
}
