import { queryOptions, useQuery } from '@tanstack/react-query';
import { loyaltyProgramListSchema, type LoyaltyProgramList } from '../../../../contract/loyalty-program';
import { apiRequest } from '../../../lib/api-client';

/** GET /v1/loyalties: the programs a rule can earn in (the first 100). */
export function getLoyaltyPrograms(signal?: AbortSignal): Promise<LoyaltyProgramList> {
  return apiRequest('/v1/loyalties', loyaltyProgramListSchema, { query: { limit: 100 }, signal });
}

export function loyaltyProgramsQueryOptions() {
  return queryOptions({ queryKey: ['loyalties', 'list', { limit: 100 }] as const, queryFn: ({ signal }) => getLoyaltyPrograms(signal), staleTime: 60_000 });
}

export function useLoyaltyPrograms() {
  return useQuery(loyaltyProgramsQueryOptions());
}
