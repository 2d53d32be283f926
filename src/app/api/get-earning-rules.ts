import { queryOptions, useQuery } from '@tanstack/react-query';
import { earningRuleListQuerySchema, earningRuleListSchema, type EarningRule } from '../../contract/earning-rule';
import { apiRequest } from '../lib/api-client';
import { contractQuery } from '../lib/contract-query';

/** GET /v2/loyalties/earning-rules, every page (100 at a time, following the cursor), sorted by name. */
export const earningRulesKeys = {
  all: ['earning-rules'] as const,
  list: ['earning-rules', 'list'] as const,
};

export async function getAllEarningRules(signal?: AbortSignal): Promise<EarningRule[]> {
  const rules: EarningRule[] = [];
  let cursor: string | undefined;
  do {
    const page = await apiRequest('/v2/loyalties/earning-rules', earningRuleListSchema, { query: contractQuery(earningRuleListQuerySchema, { limit: 100, order: 'name', cursor }), signal });
    rules.push(...page.data);
    cursor = page.cursor?.next;
  } while (cursor);
  return rules;
}

export function earningRulesQueryOptions() {
  return queryOptions({ queryKey: earningRulesKeys.list, queryFn: ({ signal }) => getAllEarningRules(signal) });
}

export function useEarningRules() {
  return useQuery(earningRulesQueryOptions());
}
