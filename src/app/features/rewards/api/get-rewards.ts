import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { rewardListQuerySchema, rewardListSchema, type RewardList } from '../../../../contract/reward';
import { apiRequest } from '../../../lib/api-client';
import { contractQuery } from '../../../lib/contract-query';

export const rewardKeys = {
  all: ['rewards'] as const,
  page: (page: number, limit: number) => ['rewards', 'page', { page, limit }] as const,
  assignments: (rewardId: string) => ['rewards', 'assignments', rewardId] as const,
};

/** GET /v1/rewards: one page of the catalog (pages count from 1 in the API). */
export function getRewards(page: number, limit: number, signal?: AbortSignal): Promise<RewardList> {
  return apiRequest('/v1/rewards', rewardListSchema, { query: contractQuery(rewardListQuerySchema, { limit, page: page + 1 }), signal });
}

export function rewardsPageQueryOptions(page: number, limit: number) {
  return queryOptions({ queryKey: rewardKeys.page(page, limit), queryFn: ({ signal }) => getRewards(page, limit, signal), placeholderData: keepPreviousData });
}

export function useRewardsPage(page: number, limit: number) {
  return useQuery(rewardsPageQueryOptions(page, limit));
}
