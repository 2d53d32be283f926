/** The running totals of a loyalty card (SERVICE_SPEC §2.2). */
export interface CardTotals {
  points: number;
  balance: number;
  expiredPoints: number;
  subtractedPoints: number;
  redeemedPoints: number;
}

export type TransactionType =
  | 'POINTS_ACCRUAL'
  | 'PENDING_POINTS_ACTIVATION'
  | 'POINTS_ADDITION'
  | 'POINTS_REFUND'
  | 'POINTS_TRANSFER_IN'
  | 'POINTS_REMOVAL'
  | 'POINTS_TRANSFER_OUT'
  | 'POINTS_EXPIRATION'
  | 'POINTS_REDEMPTION';

/**
 * The totals after one transaction. `amount` is signed as it appears on the transaction (negative
 * for expiry, removal, redemption, transfer out). The identity
 * balance = points − expired_points − subtracted_points − redeemed_points holds before and after.
 */
export function applyTransaction(totals: CardTotals, type: TransactionType, amount: number): CardTotals {
  const next = { ...totals };
  const taken = Math.abs(amount);
  switch (type) {
    case 'POINTS_ACCRUAL':
    case 'PENDING_POINTS_ACTIVATION':
    case 'POINTS_ADDITION':
    case 'POINTS_REFUND':
    case 'POINTS_TRANSFER_IN':
      next.points += amount;
      break;
    case 'POINTS_EXPIRATION':
      next.expiredPoints += taken;
      break;
    case 'POINTS_REDEMPTION':
      next.redeemedPoints += taken;
      break;
    case 'POINTS_REMOVAL':
    case 'POINTS_TRANSFER_OUT':
      next.subtractedPoints += taken;
      break;
  }
  next.balance = next.points - next.expiredPoints - next.subtractedPoints - next.redeemedPoints;
  return next;
}

export function totalsOf(card: CardTotals): CardTotals {
  const { points, balance, expiredPoints, subtractedPoints, redeemedPoints } = card;
  return { points, balance, expiredPoints, subtractedPoints, redeemedPoints };
}

/** The signed amount a transaction of `type` carries for `points` points. */
export function signedAmount(type: TransactionType, points: number): number {
  const negative = type === 'POINTS_EXPIRATION' || type === 'POINTS_REDEMPTION' || type === 'POINTS_REMOVAL' || type === 'POINTS_TRANSFER_OUT';
  return negative ? -Math.abs(points) : Math.abs(points);
}
