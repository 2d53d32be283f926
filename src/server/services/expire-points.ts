import type { ServiceContext } from '../context';
import { writeExpirations } from '../db/repositories/expiration-writes';
import { dueDays, lockDueCards } from '../db/repositories/point-buckets';
import type { Take } from '../domain/point-buckets';
import { utcDateString } from '../domain/utc-calendar';
import { changeOfTransaction, recordCardChange } from './card-changes';
import { planPosting, type PlannedPosting } from './card-postings';

export interface ExpiryRun {
  cards: number;
  points: number;
  transactions: number;
}

/**
 * Cards locked by one transaction of the job, chosen by measurement (bench:scale, issue 31): each
 * transaction costs two statements and a commit whatever its size, so fewer, larger ones finish the
 * 200,000 due cards sooner, while an event or a redemption on one of its cards waits for it to
 * commit; see docs/architecture.md ("Storage") for the figures.
 */
export const cardsPerTransaction = 250;

/**
 * The hourly run's rest after each transaction, as a fraction of the time that transaction took:
 * its burst of writes (200,000 expirations) filled the WAL that every request's commit waits to
 * have flushed, and Track event on the expiring cards reached p99 139–156 ms during it; resting 0.4
 * of each transaction's time brought that to 63–78 ms, and the run from 33–40 s to 42–45 s
 * (bench:scale, issue 31). A moved project clock (catchUpProjectTime), which its caller waits
 * for, does not rest.
 */
export const backgroundRest = 0.4;

/**
 * Turns every point whose last day is before `now`'s UTC date into POINTS_EXPIRATION
 * transactions: one per card and expiry day. Cards are taken day by day in id order,
 * `cardsPerTx` per transaction: one statement finds the next cards due that day and locks them in
 * id order, as every writer locks them, with their due buckets (lockDueCards), then every
 * expiration is written in one statement; so it serialises with events and spending, and two runs
 * never expire the same points. Only points still in their bucket expire; what was spent already
 * left the oldest buckets first. Between transactions the job gives the event loop back, so
 * requests served by the same process wait for one transaction at most, not for the run, and with
 * `rest` it waits that fraction of the last transaction's time before the next (backgroundRest).
 * With `projectId`, only that project's cards (a project whose clock was moved, see project-time).
 */
export async function expireDuePoints(ctx: ServiceContext, now: Date = ctx.clock.now(), cardsPerTx = cardsPerTransaction, projectId?: string, rest = 0): Promise<ExpiryRun> {
  const today = utcDateString(now);
  const run: ExpiryRun = { cards: 0, points: 0, transactions: 0 };
  for (const day of await dueDays(ctx.db, today, projectId)) {
    let after = '';
    for (;;) {
      const started = performance.now();
      const done = await expireCards(ctx, day, after, cardsPerTx, today, now, projectId);
      const took = performance.now() - started;
      if (done.last === undefined) break;
      after = done.last;
      run.cards += done.cards;
      run.points += done.points;
      run.transactions += done.transactions;
      await new Promise<void>((resolve) => (rest > 0 ? setTimeout(resolve, took * rest) : setImmediate(resolve)));
    }
  }
  return run;
}

/** One transaction of the job: the next `limit` cards due on `day` after `after` lose their due points, each card's by expiry day. */
async function expireCards(ctx: ServiceContext, day: string, after: string, limit: number, today: string, now: Date, projectId?: string): Promise<ExpiryRun & { last?: string }> {
  return ctx.cardChanges.transaction(ctx.db, async (tx) => {
    const locked = await lockDueCards(tx, day, after, limit, today, projectId);
    const done: ExpiryRun & { last?: string } = { cards: 0, points: 0, transactions: 0, last: locked.at(-1)?.card.id };
    const writes: PlannedPosting[] = [];
    for (const { card: lockedCard, due } of locked) {
      let card = lockedCard;
      // The due buckets come soonest first: each run of one day is one expiration.
      for (let i = 0; i < due.length; ) {
        const expiresOn = due[i].expiresOn;
        const takes: Take[] = [];
        let points = 0;
        for (; i < due.length && due[i].expiresOn === expiresOn; i++) {
          takes.push({ id: due[i].id, taken: due[i].remaining });
          points += due[i].remaining;
        }
        const planned = planPosting(
          card,
          {
            type: 'POINTS_EXPIRATION',
            points,
            reason: `Points expired after ${expiresOn}`,
            source: 'Automation',
            details: { points_expiration: { expiration_date: expiresOn, points } },
            takes,
          },
          now,
        );
        writes.push(planned);
        card = planned.after;
        done.points += points;
        done.transactions += 1;
      }
      if (due.length > 0) done.cards += 1;
    }
    for (const row of await writeExpirations(tx, writes)) recordCardChange(changeOfTransaction(row));
    return done;
  });
}
