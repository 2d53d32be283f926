import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loyaltyProgramSchema, type LoyaltyProgram } from '../../../../contract/loyalty-program';
import type { UpdateLoyaltyProgramRequest } from '../../../../contract/loyalty-program-write';
import { loyaltyProgramsKeys } from '../../../api/get-loyalty-programs';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './get-program';

/** PUT /v1/loyalties/{campaignId}: the fields the real API lets a program change (description, dates). */
export function updateProgram(id: string, body: UpdateLoyaltyProgramRequest): Promise<LoyaltyProgram> {
  return apiRequest(`/v1/loyalties/${encodeURIComponent(id)}`, loyaltyProgramSchema, { method: 'PUT', body });
}

export function useUpdateProgram(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateLoyaltyProgramRequest) => updateProgram(id, body),
    onSuccess: (program) => {
      queryClient.setQueryData(programKeys.one(id), program);
      return queryClient.invalidateQueries({ queryKey: loyaltyProgramsKeys.lists });
    },
  });
}
