/**
 * Points on a card are held in buckets, one per accrual, each with the day it expires. Spending
 * and expiry both take from buckets, so the sum of what remains always equals the balance and
 * expiry never takes points that were already spent.
 */
export interface Bucket {
  id: string;
  remaining: number;
  expiresOn: string | null;
  /** Creation order: spending takes from the oldest bucket first (FIFO). */
  createdAt: Date;
}

export interface Take {
  id: string;
  taken: number;
}

export function fifoOrder(a: Bucket, b: Bucket): number {
  return a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Takes `amount` points from the buckets, oldest first. Throws when they hold less than that. */
export function takeFifo(buckets: Bucket[], amount: number): Take[] {
  let left = amount;
  const takes: Take[] = [];
  for (const bucket of [...buckets].sort(fifoOrder)) {
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
