import { cardTransactionSchema, type CardTransaction } from '../../../../contract/card-transaction';
import { apiRequest } from '../../../lib/api-client';

/** POST /v1/loyalties/members/{code}/transactions/{transactionId}/reversal (our extension): undoes points added or removed by hand. */
export function reverseManualChange(code: string, transactionId: string, reason: string): Promise<CardTransaction> {
  return apiRequest(`/v1/loyalties/members/${encodeURIComponent(code)}/transactions/${encodeURIComponent(transactionId)}/reversal`, cardTransactionSchema, { method: 'POST', body: { reason } });
}
