/** The card fields that decide whether its points can be spent now. */
export interface SpendableCard {
  active: boolean;
  startDate: Date | null;
  expirationDate: Date | null;
}

export type SpendingRefusal = 'disabled' | 'not_active_yet' | 'expired';

/** Points are spent only from an active card inside its start/expiration dates; why not, or null. */
export function spendingRefusal(card: SpendableCard, now: Date): SpendingRefusal | null {
  if (!card.active) return 'disabled';
  if (card.startDate && card.startDate.getTime() > now.getTime()) return 'not_active_yet';
  if (card.expirationDate && card.expirationDate.getTime() <= now.getTime()) return 'expired';
  return null;
}
