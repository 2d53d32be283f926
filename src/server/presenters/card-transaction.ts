import type { CardTransaction } from '../../contract/card-transaction';
import type { CardTransactionRow } from '../db/repositories/card-transactions';

/**
 * A card transaction as the real API lists it. `details.balance` always names the card it moved
 * (`related_object`), also for rows written before that was recorded.
 */
export function presentCardTransaction(row: CardTransactionRow): CardTransaction {
  const details = row.details as Record<string, unknown>;
  const balance = (details.balance ?? {}) as Partial<CardTransaction['details']['balance']>;
  return {
    id: row.id,
    source_id: row.sourceId,
    voucher_id: row.voucherId,
    campaign_id: row.campaignId,
    source: row.source,
    reason: row.reason,
    type: row.type as CardTransaction['type'],
    details: {
      ...details,
      balance: {
        type: 'loyalty_card',
        total: balance.total ?? row.balance,
        object: 'balance',
        points: balance.points ?? row.amount,
        balance: balance.balance ?? row.balance,
        related_object: { id: row.voucherId, type: 'voucher' },
      },
    },
    related_transaction_id: row.relatedTransactionId,
    created_at: row.createdAt.toISOString(),
  };
}
