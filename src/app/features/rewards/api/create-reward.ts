import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rewardSchema, type CreateRewardRequest, type Reward } from '../../../../contract/reward';
import { apiRequest } from '../../../lib/api-client';
import { rewardKeys } from './get-rewards';

/** POST /v1/rewards: a new reward in the catalog (no program offers it yet). */
export function createReward(body: CreateRewardRequest): Promise<Reward> {
  return apiRequest('/v1/rewards', rewardSchema, { body });
}

export function useCreateReward() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createReward, onSuccess: () => queryClient.invalidateQueries({ queryKey: rewardKeys.all }) });
}
