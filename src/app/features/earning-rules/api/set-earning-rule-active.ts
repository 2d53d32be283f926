import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { v1EarningRuleSchema, type V1EarningRule } from '../../../../contract/earning-rule-v1';
import { apiRequest } from '../../../lib/api-client';
import { earningRulesKeys } from '../../../api/get-earning-rules';

export interface SetEarningRuleActiveInput {
  programId: string;
  ruleId: string;
  active: boolean;
}

/** POST …/earning-rules/{earningRuleId}/enable or /disable: from the next event on, it earns or not. */
export function setEarningRuleActive({ programId, ruleId, active }: SetEarningRuleActiveInput): Promise<V1EarningRule> {
  const path = `/v1/loyalties/${encodeURIComponent(programId)}/earning-rules/${encodeURIComponent(ruleId)}/${active ? 'enable' : 'disable'}`;
  return apiRequest(path, v1EarningRuleSchema, { method: 'POST', body: {} });
}

export function setEarningRuleActiveMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['earning-rules', 'set-active'],
    mutationFn: setEarningRuleActive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: earningRulesKeys.all }),
  });
}

export function useSetEarningRuleActive() {
  const queryClient = useQueryClient();
  return useMutation(setEarningRuleActiveMutationOptions(queryClient));
}
