import { transferPointsResponseSchema, type TransferPointsRequest } from '../../../../contract/points-transfer';
import type { LoyaltyMember } from '../../../../contract/loyalty-member';
import { apiRequest } from '../../../lib/api-client';

/** POST /v1/loyalties/{campaignId}/members/{code}/transfers: points moved from other cards to this one; answers this card after. */
export function transferPoints(campaignId: string, code: string, body: TransferPointsRequest): Promise<LoyaltyMember> {
  return apiRequest(`/v1/loyalties/${encodeURIComponent(campaignId)}/members/${encodeURIComponent(code)}/transfers`, transferPointsResponseSchema, { method: 'POST', body });
}
