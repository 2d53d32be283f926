import type { ServiceContext } from '../context';
import { writeExpirations } from '../db/repositories/expiration-writes';
import { lockCards } from '../db/repositories/loyalty-cards';
import { cardsDueOn, dueDays, lockDueBuckets, type PointBucketRow } from '../db/repositories/point-buckets';
import { utcDateString } from '../domain/utc-calendar';
import { changeOfTransaction, recordCardChange } from './card-changes';
import { planPosting, type PlannedPosting } from './card-postings';

export interface ExpiryRun {
  cards: number;
  points: number;
  transactions: number;
}

/**
 * Cards locked by one transaction of the job: few enough that an event or a redemption on one of
 * them waits milliseconds (the locks are held for three statements), many enough that 200,000 due
 * cards take a few thousand transactions, not 200,000 (issue 31).
 */
export const cardsPerTransaction = 100;

/**
 * Turns every point whose last day is before `now`'s UTC date into POINTS_EXPIRATION
 * transactions: one per card and expiry day. Cards are taken day by day in id order, `batchSize`
 * at a time (cardsDueOn), and expired `cardsPerTransaction` per transaction: the cards locked in id
 * order, as every writer locks them, then their due buckets, then every expiration written in one
 * statement; so it serialises with events and spending, and two runs never expire the same points.
 * Only points still in their bucket expire; what was spent already left the oldest buckets first.
 * With `projectId`, only that project's cards (a project whose clock was moved, see project-time).
 */
export async function expireDuePoints(ctx: ServiceContext, now: Date = ctx.clock.now(), batchSize = 200, projectId?: string): Promise<ExpiryRun> {
  const today = utcDateString(now);
  const run: ExpiryRun = { cards: 0, points: 0, transactions: 0 };
  for (const day of await dueDays(ctx.db, today, projectId)) {
    let after = '';
    for (;;) {
      const due = await cardsDueOn(ctx.db, day, after, batchSize, projectId);
      if (due.length === 0) break;
      after = due[due.length - 1];
      for (let i = 0; i < due.length; i += cardsPerTransaction) {
        const done = await expireCards(ctx, due.slice(i, i + cardsPerTransaction), today, now);
        run.cards += done.cards;
        run.points += done.points;
        run.transactions += done.transactions;
      }
    }
  }
  return run;
}

/** Buckets by key, in the order given (lockDueBuckets: by card, soonest day first). */
function groupBy(buckets: PointBucketRow[], key: (bucket: PointBucketRow) => string): Map<string, PointBucketRow[]> {
  const groups = new Map<string, PointBucketRow[]>();
  for (const bucket of buckets) groups.set(key(bucket), [...(groups.get(key(bucket)) ?? []), bucket]);
  return groups;
}

/** One transaction of the job: the due points of `voucherIds` expire, each card's by expiry day. */
async function expireCards(ctx: ServiceContext, voucherIds: string[], today: string, now: Date): Promise<ExpiryRun> {
  return ctx.cardChanges.transaction(ctx.db, async (tx) => {
    const done: ExpiryRun = { cards: 0, points: 0, transactions: 0 };
    const cards = await lockCards(tx, voucherIds);
    const buckets = groupBy(await lockDueBuckets(tx, voucherIds, today), (b) => b.voucherId);
    const writes: PlannedPosting[] = [];
    for (let card of cards) {
      const own = buckets.get(card.id);
      if (!own) continue;
      for (const [day, group] of groupBy(own, (b) => b.expiresOn as string)) {
        const points = group.reduce((sum, b) => sum + b.remaining, 0);
        const planned = planPosting(
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
        writes.push(planned);
        card = planned.after;
        done.points += points;
        done.transactions += 1;
      }
      done.cards += 1;
    }
    for (const row of await writeExpirations(tx, writes)) recordCardChange(changeOfTransaction(row));
    return done;
  });
}
