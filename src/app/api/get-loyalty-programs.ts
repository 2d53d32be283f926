import { queryOptions, useQuery } from '@tanstack/react-query';
import { loyaltyProgramListQuerySchema, loyaltyProgramListSchema, type LoyaltyProgramList } from '../../contract/loyalty-program';
import { apiRequest } from '../lib/api-client';
import { contractQuery } from '../lib/contract-query';

/** GET /v1/loyalties: the project's loyalty programs. The dashboard reads the first 100 (pickers, Enroll, Members). */
export const programsLimit = 100;

export const loyaltyProgramsKeys = {
  lists: ['loyalties', 'list'] as const,
  list: (limit: number) => ['loyalties', 'list', { limit }] as const,
};

export function getLoyaltyPrograms(limit: number = programsLimit, signal?: AbortSignal): Promise<LoyaltyProgramList> {
  return apiRequest('/v1/loyalties', loyaltyProgramListSchema, { query: contractQuery(loyaltyProgramListQuerySchema, { limit }), signal });
}

export function loyaltyProgramsQueryOptions(limit: number = programsLimit) {
  return queryOptions({
    queryKey: loyaltyProgramsKeys.list(limit),
    queryFn: ({ signal }) => getLoyaltyPrograms(limit, signal),
    staleTime: 60_000,
  });
}

export function useLoyaltyPrograms() {
  return useQuery(loyaltyProgramsQueryOptions());
}
