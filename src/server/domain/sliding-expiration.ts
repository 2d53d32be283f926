import type { SlidingExpiration } from '../../contract/earning-rule';
import type { TransactionType } from './card-ledger';
import type { Bucket } from './point-buckets';
import { addDays, addMonths, toDateString, utcDateOf, utcDateString } from './utc-calendar';

/**
 * Sliding expiration (an earning rule's `points_expiration` SLIDING_EXPIRATION): the points a rule
 * earns expire after `period` without the member's activity. Their bucket keeps the rule's policy
 * (`sliding`), and its last day (`expiresOn`) starts at the day earned + period; each qualifying
 * activity on a day the points are still available moves it to that day + period (never back).
 * Activity on a later day finds them expired: it does not bring them back, even when the hourly
 * run has not taken them yet. So a bucket's last day is a pure function of its policy, the day it
 * was earned and the days of qualifying activity after it, in the order the card's lock gives them
 * (`slidingLastDay` below is that function; the writes keep the stored day equal to it).
 *
 * What counts (per card): earning = points a rule adds to the card (POINTS_ACCRUAL, and pending
 * points on activation); spending = points redeemed from it (POINTS_REDEMPTION); custom = an event
 * of one of `custom_activity_types` tracked for the card's holder (POST /v1/events). Points added or
 * removed by hand, expiry and transfers are not the member's activity.
 */

export type Activity = { kind: 'EARNING' } | { kind: 'SPENDING' } | { kind: 'CUSTOM_EVENT'; type: string };

/** The activity a card transaction of `type` is, if any. */
export function activityOfTransaction(type: TransactionType): Activity | undefined {
  if (type === 'POINTS_ACCRUAL' || type === 'PENDING_POINTS_ACTIVATION') return { kind: 'EARNING' };
  if (type === 'POINTS_REDEMPTION') return { kind: 'SPENDING' };
  return undefined;
}

/** Whether `activity` moves the expiry of points under `policy`. */
export function counts(policy: SlidingExpiration, activity: Activity): boolean {
  switch (activity.kind) {
    case 'EARNING':
      return policy.earning_activity === true;
    case 'SPENDING':
      return policy.spending_activity === true;
    case 'CUSTOM_EVENT':
      return policy.custom_activity === true && (policy.custom_activity_types ?? []).includes(activity.type);
  }
}

/** The last day (UTC, `YYYY-MM-DD`) of points under `policy` whose latest activity was at `at`: that day plus the period (months clamp to the month's end). */
export function lastDayAfter(policy: SlidingExpiration, at: Date): string {
  const day = utcDateOf(at);
  const { unit, value } = policy.period;
  return toDateString(unit === 'DAY' ? addDays(day, value) : addMonths(day, unit === 'MONTH' ? value : value * 12));
}

/** A bucket's new last day after `activity` at `at`, or undefined when it does not move (not its kind, already expired, or already as late). */
function slid(bucket: Pick<Bucket, 'expiresOn' | 'sliding'>, activity: Activity, at: Date): string | undefined {
  const { sliding, expiresOn } = bucket;
  if (!sliding || expiresOn === null || !counts(sliding, activity)) return undefined;
  // Its last day is over: the points expired at its end, whether or not the hourly run took them.
  if (expiresOn < utcDateString(at)) return undefined;
  const next = lastDayAfter(sliding, at);
  return next > expiresOn ? next : undefined;
}

export interface Extension {
  id: string;
  expiresOn: string;
}

/** The buckets of a card whose last day `activity` at `at` moves, with their new last day; buckets `takes` empty are left alone. */
export function extensionsFor(buckets: readonly Bucket[], activity: Activity | undefined, at: Date, taken: ReadonlyMap<string, number> = new Map()): Extension[] {
  if (!activity) return [];
  const moved: Extension[] = [];
  for (const bucket of buckets) {
    if (bucket.remaining - (taken.get(bucket.id) ?? 0) <= 0) continue;
    const expiresOn = slid(bucket, activity, at);
    if (expiresOn !== undefined) moved.push({ id: bucket.id, expiresOn });
  }
  return moved;
}

/**
 * The last day of points earned at `earnedAt` under `policy`, given the card's qualifying and
 * other activity in the order it happened: the model the stored day is kept equal to (tests
 * compare the two). Activities before `earnedAt` do not count.
 */
export function slidingLastDay(policy: SlidingExpiration, earnedAt: Date, activities: readonly { activity: Activity; at: Date }[]): string {
  let bucket = { expiresOn: lastDayAfter(policy, earnedAt) as string | null, sliding: policy };
  for (const { activity, at } of activities) {
    if (at < earnedAt) continue;
    const next = slid(bucket, activity, at);
    if (next !== undefined) bucket = { ...bucket, expiresOn: next };
  }
  return bucket.expiresOn as string;
}
