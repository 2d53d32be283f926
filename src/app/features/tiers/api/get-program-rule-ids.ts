import { queryOptions, useQuery } from '@tanstack/react-query';
import { v1EarningRuleListQuerySchema, v1EarningRuleListSchema } from '../../../../contract/earning-rule-v1';
import { apiRequest } from '../../../lib/api-client';
import { contractQuery } from '../../../lib/contract-query';

/** GET /v1/loyalties/{campaignId}/earning-rules: the ids of a program's rules (a project has at most 100), which a tier's multiplier maps. */
export async function getProgramRuleIds(campaignId: string, signal?: AbortSignal): Promise<string[]> {
  const list = await apiRequest(`/v1/loyalties/${encodeURIComponent(campaignId)}/earning-rules`, v1EarningRuleListSchema, { query: contractQuery(v1EarningRuleListQuerySchema, { limit: 100 }), signal });
  return list.data.map((rule) => rule.id);
}

export function programRuleIdsQueryOptions(campaignId: string) {
  return queryOptions({ queryKey: ['earning-rules', 'program', campaignId] as const, queryFn: ({ signal }) => getProgramRuleIds(campaignId, signal) });
}

export function useProgramRuleIds(campaignId: string | undefined) {
  return useQuery({ ...programRuleIdsQueryOptions(campaignId ?? ''), enabled: campaignId !== undefined });
}
