import { z } from 'zod';
import type { CardTransaction } from '../../../../contract/card-transaction';
import type { ErrorObject } from '../../../../contract/error';
import { sayApiError } from '../../../lib/api-error-words';

/**
 * Which of a card's transactions a support agent can undo, and how: a reward redemption is rolled
 * back (its points come back where they were taken from), points added or removed by hand are
 * reversed (the same points the other way). What a redemption or its rollback did, earning,
 * expiry and transfers have no undo (the service refuses them; `domain/manual-change-reversal.ts`).
 */
export type Undo = { kind: 'rollback'; redemptionId: string } | { kind: 'reverse' };

const detailId = (details: Record<string, unknown>, key: string): string | undefined => {
  const value = details[key];
  return value && typeof value === 'object' && 'id' in value && typeof value.id === 'string' ? value.id : undefined;
};

export function undoOf(transaction: CardTransaction): Undo | null {
  const details = transaction.details as Record<string, unknown>;
  const redemption = detailId(details, 'redemption');
  if (transaction.type === 'POINTS_REDEMPTION' && redemption) return { kind: 'rollback', redemptionId: redemption };
  if (transaction.type !== 'POINTS_ADDITION' && transaction.type !== 'POINTS_REMOVAL') return null;
  // A redemption's or rollback's own additions and removals go with it; a reversal is not reversed again.
  if (redemption || detailId(details, 'rollback') || detailId(details, 'reward') || detailId(details, 'reversal_of')) return null;
  return { kind: 'reverse' };
}

/**
 * The transactions among `list` already undone by another one in it: a redemption a refund names,
 * a change a reversal names. One page may not hold both; the service refuses a second undo anyway.
 */
export function undoneIds(list: readonly CardTransaction[]): Set<string> {
  const undone = new Set<string>();
  const rolledBack = new Set<string>();
  for (const t of list) {
    const details = t.details as Record<string, unknown>;
    const reversed = detailId(details, 'reversal_of');
    if (reversed) undone.add(reversed);
    const redemption = detailId(details, 'redemption');
    if (t.type === 'POINTS_REFUND' && detailId(details, 'rollback') && redemption) rolledBack.add(redemption);
  }
  for (const t of list) {
    const redemption = detailId(t.details as Record<string, unknown>, 'redemption');
    if (t.type === 'POINTS_REDEMPTION' && redemption && rolledBack.has(redemption)) undone.add(t.id);
  }
  return undone;
}

export const undoReasonSchema = z.object({
  reason: z.string().trim().min(1, 'Say why, e.g. "Redeemed the wrong reward"').max(1000, 'Keep the reason under 1,000 characters'),
});
export type UndoReason = z.infer<typeof undoReasonSchema>;

/** An undo's API error, in words for its dialog. */
export function undoErrorText(error: ErrorObject, undo: Undo): string {
  switch (error.key) {
    case 'already_rolled_back':
    case 'already_reversed':
      return undo.kind === 'rollback' ? 'This redemption was rolled back already.' : 'This change was reversed already.';
    case 'loyalty_card_points_exceeded':
      return 'The points added then were spent since, so the card does not hold enough to take them back.';
    case 'not_reversible':
      return 'Only points added or removed by hand can be reversed.';
    default:
      if (error.code === 404) return undo.kind === 'rollback' ? 'This redemption no longer exists.' : 'This change is no longer on the card.';
      if (error.code === 403) return 'Your role may not undo changes.';
      return sayApiError(error);
  }
}
