import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { memberActivityListQuerySchema, memberActivityListSchema, type MemberActivityList } from '../../../../contract/member-activity';
import { apiRequest } from '../../../lib/api-client';
import { contractQuery } from '../../../lib/contract-query';
import { memberKeys } from './get-member';

/** GET /v1/loyalties/members/{code}/activity: what happened to the card, newest first, a page after a cursor. */
export function getMemberActivity(code: string, query: { limit: number; startingAfterId?: string }, signal?: AbortSignal): Promise<MemberActivityList> {
  return apiRequest(`/v1/loyalties/members/${encodeURIComponent(code)}/activity`, memberActivityListSchema, {
    query: contractQuery(memberActivityListQuerySchema, { limit: query.limit, order: '-created_at', starting_after_id: query.startingAfterId }),
    signal,
  });
}

export function useMemberActivityPage(code: string, limit: number, startingAfterId: string | undefined) {
  return useQuery({
    queryKey: [...memberKeys.card(code), 'activity', { limit, startingAfterId }],
    queryFn: ({ signal }) => getMemberActivity(code, { limit, startingAfterId }, signal),
    placeholderData: keepPreviousData,
  });
}
