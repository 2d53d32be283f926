import { queryOptions, useQuery } from '@tanstack/react-query';
import { earningRuleSchema, type EarningRule } from '../../../../contract/earning-rule';
import { apiRequest } from '../../../lib/api-client';
import { earningRulesKeys } from '../../../api/get-earning-rules';

/** GET /v2/loyalties/earning-rules/{id}. */
export function getEarningRule(id: string, signal?: AbortSignal): Promise<EarningRule> {
  return apiRequest(`/v2/loyalties/earning-rules/${encodeURIComponent(id)}`, earningRuleSchema, { signal });
}

export function earningRuleQueryOptions(id: string) {
  return queryOptions({ queryKey: [...earningRulesKeys.all, 'detail', id] as const, queryFn: ({ signal }) => getEarningRule(id, signal) });
}

export function useEarningRule(id: string) {
  return useQuery(earningRuleQueryOptions(id));
}
