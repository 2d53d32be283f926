import { useQuery } from '@tanstack/react-query';
import { loyaltyMemberSchema, type LoyaltyMember } from '../../../../contract/loyalty-member';
import { apiRequest } from '../../../lib/api-client';

/** GET /v1/loyalties/members/{code}: the card, its points and its holder's id. */
export const memberKeys = {
  /** Everything the member page reads about one card: invalidated after an adjustment or redemption. */
  card: (code: string) => ['member', code] as const,
  detail: (code: string) => ['member', code, 'card'] as const,
};

export function getMember(code: string, signal?: AbortSignal): Promise<LoyaltyMember> {
  return apiRequest(`/v1/loyalties/members/${encodeURIComponent(code)}`, loyaltyMemberSchema, { signal });
}

export function useMember(code: string) {
  return useQuery({ queryKey: memberKeys.detail(code), queryFn: ({ signal }) => getMember(code, signal) });
}
