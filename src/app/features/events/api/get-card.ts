import { loyaltyMemberSchema, type LoyaltyMember } from '../../../../contract/loyalty-member';
import { apiRequest } from '../../../lib/api-client';

/** GET /v1/loyalties/members/{code}: a loyalty card with its points, read before and after an event. */
export function getCard(code: string, signal?: AbortSignal): Promise<LoyaltyMember> {
  return apiRequest(`/v1/loyalties/members/${encodeURIComponent(code)}`, loyaltyMemberSchema, { signal });
}
