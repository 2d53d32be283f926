import type { SlidingExpiration } from '../../contract/earning-rule';

/**
 * Points on a card are held in buckets, one per accrual or addition, each with the day it expires.
 * Spending and expiry both take from buckets, so the sum of what remains always equals the balance
 * and expiry never takes points that were already spent.
 */
export interface Bucket {
  id: string;
  remaining: number;
  /** The last day the points can be used (YYYY-MM-DD); null when they never expire. */
  expiresOn: string | null;
  createdAt: Date;
  /** Points whose last day slides with the member's activity: the earning rule's policy (domain/sliding-expiration). */
  sliding?: SlidingExpiration | null;
}

export interface Take {
  id: string;
  taken: number;
}

/**
 * The order points are spent in: the points that expire soonest first (so a member loses as few as
 * possible, and as the real API's balance endpoint says: "the removal of points will consume the
 * points that expire the soonest"), points that never expire last, and among equals the oldest first.
 */
export function spendingOrder(a: Bucket, b: Bucket): number {
  if (a.expiresOn !== b.expiresOn) {
    if (a.expiresOn === null) return 1;
    if (b.expiresOn === null) return -1;
    return a.expiresOn < b.expiresOn ? -1 : 1;
  }
  return a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Takes `amount` points from the buckets in spending order. Throws when they hold less than that. */
export function takeSoonestExpiring(buckets: Bucket[], amount: number): Take[] {
  let left = amount;
  const takes: Take[] = [];
  for (const bucket of [...buckets].sort(spendingOrder)) {
    if (left === 0) break;
    if (bucket.remaining <= 0) continue;
    const taken = Math.min(bucket.remaining, left);
    takes.push({ id: bucket.id, taken });
    left -= taken;
  }
  if (left > 0) throw new RangeError(`buckets hold ${amount - left} points, ${amount} requested`);
  return takes;
}

export function remainingOf(buckets: Bucket[]): number {
  return buckets.reduce((sum, b) => sum + b.remaining, 0);
}

/**
 * The nearest last day on which points of the buckets still expire once `takes` are taken and
 * `extensions` moved (sliding expiration), and how many points expire then; undefined when none
 * are due to expire.
 */
export function nextExpirationAfter(buckets: Bucket[], takes: Take[] = [], extensions: readonly { id: string; expiresOn: string }[] = []): { date: string; points: number } | undefined {
  const taken = new Map(takes.map((t) => [t.id, t.taken]));
  const moved = new Map(extensions.map((e) => [e.id, e.expiresOn]));
  let next: { date: string; points: number } | undefined;
  for (const bucket of buckets) {
    const left = bucket.remaining - (taken.get(bucket.id) ?? 0);
    const expiresOn = moved.get(bucket.id) ?? bucket.expiresOn;
    if (left <= 0 || expiresOn === null) continue;
    if (!next || expiresOn < next.date) next = { date: expiresOn, points: left };
    else if (expiresOn === next.date) next.points += left;
  }
  return next;
}
