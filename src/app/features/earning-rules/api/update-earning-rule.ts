import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { v1EarningRuleSchema, type V1EarningRule, type V1UpdateEarningRuleInput } from '../../../../contract/earning-rule-v1';
import { apiRequest } from '../../../lib/api-client';
import { earningRulesKeys } from '../../../api/get-earning-rules';

export interface UpdateEarningRuleInput {
  programId: string;
  ruleId: string;
  changes: V1UpdateEarningRuleInput;
}

/** PUT /v1/loyalties/{campaignId}/earning-rules/{earningRuleId}: what is given replaces, null clears. */
export function updateEarningRule({ programId, ruleId, changes }: UpdateEarningRuleInput): Promise<V1EarningRule> {
  return apiRequest(`/v1/loyalties/${encodeURIComponent(programId)}/earning-rules/${encodeURIComponent(ruleId)}`, v1EarningRuleSchema, { method: 'PUT', body: changes });
}

export function updateEarningRuleMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['earning-rules', 'update'],
    mutationFn: updateEarningRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: earningRulesKeys.all }),
  });
}

export function useUpdateEarningRule() {
  const queryClient = useQueryClient();
  return useMutation(updateEarningRuleMutationOptions(queryClient));
}
