import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { earningRulesKeys } from '../../../api/get-earning-rules';

export interface DeleteEarningRuleInput {
  /** Every program the rule earns in: it is taken off each, and deleted with the last. */
  programIds: string[];
  ruleId: string;
}

/** DELETE /v1/loyalties/{campaignId}/earning-rules/{earningRuleId} for each program: 204 without a body. */
export async function deleteEarningRule({ programIds, ruleId }: DeleteEarningRuleInput): Promise<void> {
  for (const programId of programIds) {
    await apiRequest(`/v1/loyalties/${encodeURIComponent(programId)}/earning-rules/${encodeURIComponent(ruleId)}`, z.undefined(), { method: 'DELETE' });
  }
}

export function deleteEarningRuleMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['earning-rules', 'delete'],
    mutationFn: deleteEarningRule,
    onSuccess: (_, { ruleId }) => {
      queryClient.removeQueries({ queryKey: [...earningRulesKeys.all, 'detail', ruleId] });
      return queryClient.invalidateQueries({ queryKey: earningRulesKeys.all });
    },
  });
}

export function useDeleteEarningRule() {
  const queryClient = useQueryClient();
  return useMutation(deleteEarningRuleMutationOptions(queryClient));
}
