import type { CardTransaction } from '../../../contract/card-transaction';
import { formatNumber } from '../format';

/**
 * The one vocabulary of a card's history, on the member page, its activity and the Events page:
 * what happened in words a support agent uses, never the API's type names.
 */
const transactionLabels: Record<CardTransaction['type'], string> = {
  PENDING_POINTS_ACTIVATION: 'Pending points activated',
  POINTS_ACCRUAL: 'Earned',
  POINTS_ADDITION: 'Added',
  POINTS_REMOVAL: 'Removed',
  POINTS_EXPIRATION: 'Expired',
  POINTS_REDEMPTION: 'Spent on a reward',
  POINTS_REFUND: 'Refunded',
  POINTS_TRANSFER_IN: 'Transferred in',
  POINTS_TRANSFER_OUT: 'Transferred out',
};

export function transactionTypeLabel(type: CardTransaction['type']): string {
  return transactionLabels[type];
}

/** A change of points as people write it: "+50", "-20". */
export function signedPoints(points: number): string {
  return points > 0 ? `+${formatNumber(points)}` : formatNumber(points);
}
