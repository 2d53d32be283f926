import { balanceUpdateResponseSchema, type BalanceUpdateRequest, type BalanceUpdateResponse } from '../../../../contract/loyalty-balance';
import { apiRequest } from '../../../lib/api-client';

/** POST /v1/loyalties/{campaignId}/members/{code}/balance: add (positive) or remove (negative) points. */
export function adjustBalance(campaignId: string, code: string, body: BalanceUpdateRequest): Promise<BalanceUpdateResponse> {
  return apiRequest(`/v1/loyalties/${encodeURIComponent(campaignId)}/members/${encodeURIComponent(code)}/balance`, balanceUpdateResponseSchema, { method: 'POST', body });
}
