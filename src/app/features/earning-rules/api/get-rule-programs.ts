import { queryOptions, useQuery } from '@tanstack/react-query';
import { v1EarningRuleListQuerySchema, v1EarningRuleListSchema } from '../../../../contract/earning-rule-v1';
import { apiRequest } from '../../../lib/api-client';
import { contractQuery } from '../../../lib/contract-query';
import { getLoyaltyPrograms, programsLimit } from '../../../api/get-loyalty-programs';
import { earningRulesKeys } from '../../../api/get-earning-rules';

export interface RuleProgram {
  id: string;
  name: string;
  /** Order-paid rules: the days the rule holds its points as pending (the v1 read's `pending_points`); null: added at once. */
  pendingDays: number | null;
}

/**
 * Which programs each rule earns in: GET /v1/loyalties, then GET /v1/loyalties/{id}/earning-rules
 * of each (a project has at most 100 rules). The v2 read does not say; the v1 writes need it. The
 * v1 read also holds what the v2 read leaves out: the days an order-paid rule holds its points.
 */
export async function getRulePrograms(signal?: AbortSignal): Promise<Map<string, RuleProgram[]>> {
  const programs = (await getLoyaltyPrograms(programsLimit, signal)).campaigns;
  const lists = await Promise.all(
    programs.map((program) =>
      apiRequest(`/v1/loyalties/${encodeURIComponent(program.id)}/earning-rules`, v1EarningRuleListSchema, { query: contractQuery(v1EarningRuleListQuerySchema, { limit: 100 }), signal }).then((list) => ({ program, list })),
    ),
  );
  const byRule = new Map<string, RuleProgram[]>();
  for (const { program, list } of lists) {
    for (const rule of list.data) {
      const pendingDays = rule.pending_points?.period_value ?? null;
      byRule.set(rule.id, [...(byRule.get(rule.id) ?? []), { id: program.id, name: program.name, pendingDays }]);
    }
  }
  return byRule;
}

export function ruleProgramsQueryOptions() {
  return queryOptions({ queryKey: [...earningRulesKeys.all, 'programs'] as const, queryFn: ({ signal }) => getRulePrograms(signal) });
}

export function useRulePrograms() {
  return useQuery(ruleProgramsQueryOptions());
}
