import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { loyaltyTierSchema, type CreateLoyaltyTier, type LoyaltyTier } from '../../../../contract/loyalty-tier';
import { programTiersKeys } from '../../../api/get-program-tiers';
import { apiRequest } from '../../../lib/api-client';

export interface CreateTiersInput {
  programId: string;
  tiers: CreateLoyaltyTier[];
}

/** POST /v1/loyalties/{campaignId}/tiers: all the tiers or none; answers the created tiers. */
export function createTiers({ programId, tiers }: CreateTiersInput): Promise<LoyaltyTier[]> {
  return apiRequest(`/v1/loyalties/${encodeURIComponent(programId)}/tiers`, z.array(loyaltyTierSchema), { body: tiers });
}

export function createTiersMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['loyalty-tiers', 'create'],
    mutationFn: createTiers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programTiersKeys.all }),
  });
}

export function useCreateTiers() {
  const queryClient = useQueryClient();
  return useMutation(createTiersMutationOptions(queryClient));
}
