import { z } from 'zod';
import { redemptionSchema } from '../../../../contract/redemption';
import { apiRequest } from '../../../lib/api-client';

/** POST /v1/loyalties/{campaignId}/members/{code}/redemption: spend the card's points on one reward. */
export function redeemReward(campaignId: string, code: string, rewardId: string): Promise<z.output<typeof redemptionSchema>> {
  return apiRequest(`/v1/loyalties/${encodeURIComponent(campaignId)}/members/${encodeURIComponent(code)}/redemption`, redemptionSchema, { method: 'POST', body: { reward: { id: rewardId } } });
}
