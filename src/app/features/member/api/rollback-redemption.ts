import { redemptionRollbackSchema, type RedemptionRollback } from '../../../../contract/redemption-rollback';
import { apiRequest } from '../../../lib/api-client';

/** POST /v1/redemptions/{redemptionId}/rollback: the reward's points come back to the card, the stock gets its item back. */
export function rollbackRedemption(redemptionId: string, reason: string): Promise<RedemptionRollback> {
  return apiRequest(`/v1/redemptions/${encodeURIComponent(redemptionId)}/rollback`, redemptionRollbackSchema, { method: 'POST', body: { reason } });
}
