import type { TransactionType } from './card-ledger';

/**
 * Reversing a points change an agent or an integration made by hand (an extension: README
 * "Extensions to the real API"), without I/O: which transactions may be reversed, and how.
 */

export interface ReversibleTransaction {
  type: string;
  amount: number;
  details: unknown;
}

/**
 * The transaction that undoes `original`: points added by hand are removed, points removed by hand
 * come back, the same number of them. Undefined when `original` is no manual change: earning,
 * redeeming, expiry and transfers have their own undoing (a redemption's rollback) or none, and an
 * addition or removal a redemption or its rollback made (its details name them) is undone with it.
 */
export function reversalOf(original: ReversibleTransaction): { type: TransactionType; points: number } | undefined {
  const details = (original.details ?? {}) as Record<string, unknown>;
  if (details.redemption !== undefined || details.rollback !== undefined || details.reward !== undefined) return undefined;
  if (original.type === 'POINTS_ADDITION') return { type: 'POINTS_REMOVAL', points: Math.abs(original.amount) };
  if (original.type === 'POINTS_REMOVAL') return { type: 'POINTS_ADDITION', points: Math.abs(original.amount) };
  return undefined;
}
