import type { Tx } from '../../platform/db/client';
import { openSlidingBuckets } from '../db/repositories/point-buckets';
import { lockCardsForActivity, moveSlidingExpiry } from '../db/repositories/sliding-activity';
import { extensionsFor } from '../domain/sliding-expiration';
import { recordCardChange } from './card-changes';

/**
 * A custom event tracked for a customer, as sliding expiration's custom activity: when some rule
 * counts events of its name, every card the customer holds is locked (in id order, before the
 * engine locks any, so they serialize with the hourly expiry and every other change to those
 * cards), their sliding buckets are read under the lock, and the last days the event moves are
 * written with the cards in one statement. Inside the event's transaction: the event and what it
 * moves commit together. Earning and spending move last days inside their own card transaction
 * (card-postings.ts); this is the one activity without one.
 */
export async function slideOnCustomEvent(tx: Tx, input: { projectId: string; customerId: string; eventType: string; at: Date }): Promise<void> {
  const { projectId, customerId, eventType, at } = input;
  const cards = (await lockCardsForActivity(tx, projectId, customerId, eventType)).filter((card) => card.slides);
  if (cards.length === 0) return;
  const buckets = await openSlidingBuckets(
    tx,
    cards.map((card) => card.id),
  );
  const cardOf = new Map(buckets.map((b) => [b.id, b.voucherId]));
  const moves = extensionsFor(buckets, { kind: 'CUSTOM_EVENT', type: eventType }, at).map((e) => ({ ...e, voucherId: cardOf.get(e.id) as string }));
  if (moves.length === 0) return;
  await moveSlidingExpiry(tx, moves, at);
  for (const card of cards) {
    if (!moves.some((m) => m.voucherId === card.id)) continue;
    recordCardChange({ kind: 'POINTS_EXPIRY_MOVED', projectId, cardId: card.id, campaignId: card.campaignId, points: 0, at });
  }
}
