import { queryOptions, useQuery } from '@tanstack/react-query';
import { loyaltyProgramListSchema, type LoyaltyProgramList } from '../../../../contract/loyalty-program';
import { apiRequest } from '../../../lib/api-client';

/** GET /v1/loyalties: the programs the card chooser offers (the first 100). */
export const exportProgramsKeys = {
  list: ['loyalties', 'list', { limit: 100 }] as const,
};

export function getLoyaltyPrograms(signal?: AbortSignal): Promise<LoyaltyProgramList> {
  return apiRequest('/v1/loyalties', loyaltyProgramListSchema, { query: { limit: 100 }, signal });
}

export function loyaltyProgramsQueryOptions() {
  return queryOptions({ queryKey: exportProgramsKeys.list, queryFn: ({ signal }) => getLoyaltyPrograms(signal), staleTime: 60_000 });
}

export function useLoyaltyPrograms() {
  return useQuery(loyaltyProgramsQueryOptions());
}
