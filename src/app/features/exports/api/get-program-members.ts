import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberListSchema, type MemberList } from '../../../../contract/loyalty-member';
import { apiRequest } from '../../../lib/api-client';

/** GET /v1/loyalties/{campaignId}/members: the program's 100 most recently changed cards, for the member chooser. */
export const memberChoicesLimit = 100;

export const memberChoicesKeys = {
  program: (campaignId: string) => ['loyalties', campaignId, 'members', { limit: memberChoicesLimit, order: '-updated_at' }] as const,
};

export function getMemberChoices(campaignId: string, signal?: AbortSignal): Promise<MemberList> {
  return apiRequest(`/v1/loyalties/${encodeURIComponent(campaignId)}/members`, memberListSchema, {
    query: { limit: memberChoicesLimit, order: '-updated_at' },
    signal,
  });
}

export function memberChoicesQueryOptions(campaignId: string) {
  return queryOptions({ queryKey: memberChoicesKeys.program(campaignId), queryFn: ({ signal }) => getMemberChoices(campaignId, signal) });
}

export function useMemberChoices(campaignId: string | undefined) {
  return useQuery({ ...memberChoicesQueryOptions(campaignId ?? ''), enabled: Boolean(campaignId) });
}
