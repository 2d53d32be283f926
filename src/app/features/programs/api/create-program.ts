import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loyaltyProgramSchema, type LoyaltyProgram } from '../../../../contract/loyalty-program';
import type { CreateLoyaltyProgramRequest } from '../../../../contract/loyalty-program-write';
import { loyaltyProgramsKeys } from '../../../api/get-loyalty-programs';
import { apiRequest } from '../../../lib/api-client';

/** POST /v1/loyalties: a new loyalty program, usable at once (Enroll, Members, earning rules). */
export function createProgram(body: CreateLoyaltyProgramRequest): Promise<LoyaltyProgram> {
  return apiRequest('/v1/loyalties', loyaltyProgramSchema, { body });
}

export function useCreateProgram() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createProgram, onSuccess: () => queryClient.invalidateQueries({ queryKey: loyaltyProgramsKeys.lists }) });
}
