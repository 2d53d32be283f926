import { useQuery } from '@tanstack/react-query';
import { memberRewardListQuerySchema, memberRewardListSchema, type MemberRewardList } from '../../../../contract/reward-assignment';
import { apiRequest } from '../../../lib/api-client';
import { contractQuery } from '../../../lib/contract-query';
import { memberKeys } from './get-member';

/** GET /v1/loyalties/members/{code}/rewards?affordable_only=true: the rewards the card's balance pays for now. */
export function getAffordableRewards(code: string, signal?: AbortSignal): Promise<MemberRewardList> {
  return apiRequest(`/v1/loyalties/members/${encodeURIComponent(code)}/rewards`, memberRewardListSchema, {
    query: contractQuery(memberRewardListQuerySchema, { affordable_only: 'true', limit: 100 }),
    signal,
  });
}

export function useAffordableRewards(code: string) {
  return useQuery({ queryKey: [...memberKeys.card(code), 'affordable-rewards'], queryFn: ({ signal }) => getAffordableRewards(code, signal) });
}
