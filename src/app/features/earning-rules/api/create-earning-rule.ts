import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { v1EarningRuleSchema, type V1CreateEarningRuleInput, type V1EarningRule } from '../../../../contract/earning-rule-v1';
import { apiRequest } from '../../../lib/api-client';
import { earningRulesKeys } from '../../../api/get-earning-rules';

export interface CreateEarningRuleInput {
  programId: string;
  rule: V1CreateEarningRuleInput;
}

/** POST /v1/loyalties/{campaignId}/earning-rules with one rule; answers the created rule. */
export async function createEarningRule({ programId, rule }: CreateEarningRuleInput): Promise<V1EarningRule> {
  const [created] = await apiRequest(`/v1/loyalties/${encodeURIComponent(programId)}/earning-rules`, z.array(v1EarningRuleSchema).length(1), { body: [rule] });
  return created;
}

export function createEarningRuleMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['earning-rules', 'create'],
    mutationFn: createEarningRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: earningRulesKeys.all }),
  });
}

export function useCreateEarningRule() {
  const queryClient = useQueryClient();
  return useMutation(createEarningRuleMutationOptions(queryClient));
}
