import type { ServiceContext } from '../context';
import { lockCards } from '../db/repositories/loyalty-cards';
import { cardsWithDuePoints, lockDueBuckets } from '../db/repositories/point-buckets';
import { utcDateString } from '../domain/utc-calendar';
import { postToCard } from './card-postings';

export interface ExpiryRun {
  cards: number;
  points: number;
  transactions: number;
}

/**
 * Turns every point whose last day is before `now`'s UTC date into POINTS_EXPIRATION
 * transactions: one per card and expiry day, each in a transaction that locks the card, so it
 * serialises with events and spending and two runs never expire the same points. Only points still
 * in their bucket expire; what was spent already left the oldest buckets first. With `projectId`,
 * only that project's cards (a project whose clock was moved, see project-time).
 */
export async function expireDuePoints(ctx: ServiceContext, now: Date = ctx.clock.now(), batchSize = 200, projectId?: string): Promise<ExpiryRun> {
  const today = utcDateString(now);
  const run: ExpiryRun = { cards: 0, points: 0, transactions: 0 };
  const seen = new Set<string>();
  for (;;) {
    const due = (await cardsWithDuePoints(ctx.db, today, batchSize, projectId)).filter((id) => !seen.has(id));
    if (due.length === 0) return run;
    for (const voucherId of due) {
      seen.add(voucherId);
      await ctx.cardChanges.transaction(ctx.db, async (tx) => {
        let [card] = await lockCards(tx, [voucherId]);
        const buckets = await lockDueBuckets(tx, voucherId, today);
        if (!card || buckets.length === 0) return;
        const byDay = new Map<string, typeof buckets>();
        for (const b of buckets) byDay.set(b.expiresOn as string, [...(byDay.get(b.expiresOn as string) ?? []), b]);
        for (const [day, group] of byDay) {
          const points = group.reduce((sum, b) => sum + b.remaining, 0);
          const posted = await postToCard(
            tx,
            card,
            {
              type: 'POINTS_EXPIRATION',
              points,
              reason: `Points expired after ${day}`,
              source: 'Automation',
              details: { points_expiration: { expiration_date: day, points } },
              takes: group.map((b) => ({ id: b.id, taken: b.remaining })),
            },
            now,
          );
          card = posted.card;
          run.points += points;
          run.transactions += 1;
        }
        run.cards += 1;
      });
    }
  }
}
