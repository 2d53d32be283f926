import { useQuery } from '@tanstack/react-query';
import { memberTierProgressSchema, type MemberTierProgress } from '../../../../contract/loyalty-tier';
import { apiRequest } from '../../../lib/api-client';
import { memberKeys } from './get-member';

/** GET /v1/loyalties/members/{code}/tiers/progress (our extension): the member's tier, progress to the next, and tier history. */
export function getTierProgress(code: string, signal?: AbortSignal): Promise<MemberTierProgress> {
  return apiRequest(`/v1/loyalties/members/${encodeURIComponent(code)}/tiers/progress`, memberTierProgressSchema, { signal });
}

/** Under the card's key, so an adjustment or a redemption refreshes it with the rest of the page. */
export function useTierProgress(code: string) {
  return useQuery({ queryKey: [...memberKeys.card(code), 'tier-progress'], queryFn: ({ signal }) => getTierProgress(code, signal) });
}
