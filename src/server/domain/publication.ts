/** The card fields that decide whether it may be published now. */
export interface PublishableCard {
  active: boolean;
  holderId: string | null;
  startDate: Date | null;
  expirationDate: Date | null;
}

export type Unsuitability = 'published' | 'disabled' | 'not_active_yet' | 'expired';

/**
 * SERVICE_SPEC §3: a card is suitable for publication when it is active, unpublished and inside
 * its start/expiration window. Returns why it is not, or null when it is.
 */
export function unsuitabilityOf(card: PublishableCard, now: Date): Unsuitability | null {
  if (card.holderId !== null) return 'published';
  if (!card.active) return 'disabled';
  if (card.startDate && card.startDate.getTime() > now.getTime()) return 'not_active_yet';
  if (card.expirationDate && card.expirationDate.getTime() <= now.getTime()) return 'expired';
  return null;
}
