import { queryOptions, useQuery } from '@tanstack/react-query';
import { loyaltyProgramSchema, type LoyaltyProgram } from '../../../../contract/loyalty-program';
import { apiRequest } from '../../../lib/api-client';

export const programKeys = {
  one: (id: string) => ['loyalties', 'one', id] as const,
};

/** GET /v1/loyalties/{campaignId}: one program, for its edit page. */
export function getProgram(id: string, signal?: AbortSignal): Promise<LoyaltyProgram> {
  return apiRequest(`/v1/loyalties/${encodeURIComponent(id)}`, loyaltyProgramSchema, { signal });
}

export function programQueryOptions(id: string) {
  return queryOptions({ queryKey: programKeys.one(id), queryFn: ({ signal }) => getProgram(id, signal) });
}

export function useProgram(id: string) {
  return useQuery(programQueryOptions(id));
}
