import { spendingOrder, type Bucket, type Take } from './point-buckets';

/**
 * Undoing a reward redemption (POST /v1/redemptions/{id}/rollback), without I/O: where the points
 * go back, and what is taken back from the card a CAMPAIGN reward added points to.
 */

/**
 * The buckets the redemption's points return to: the ones they were taken from, each with what was
 * taken from it, so they expire as they would have without the redemption (points of a bucket whose
 * last day has passed meanwhile expire at the next points run). Undefined for a redemption recorded
 * before the buckets were (migration 0017) or whose record does not add up to its points: the
 * points then come back as one bucket that never expires.
 */
export function returnsOf(takenFrom: readonly Take[] | null, points: number): Take[] | undefined {
  if (!takenFrom) return undefined;
  const sum = takenFrom.reduce((total, t) => total + t.taken, 0);
  if (sum !== points || takenFrom.some((t) => !(t.taken > 0))) return undefined;
  return takenFrom.map(({ id, taken }) => ({ id, taken }));
}

/**
 * The points a CAMPAIGN reward added, taken back from the card it added them to: from the bucket
 * that addition made first, then, if part of it was spent, as any spend takes them (soonest to
 * expire first). Throws a RangeError when the card holds fewer points than the reward added.
 */
export function takeBackAddition(open: readonly (Bucket & { transactionId: string })[], additionId: string, points: number): Take[] {
  const own = open.filter((b) => b.transactionId === additionId);
  const ordered = [...own, ...open.filter((b) => b.transactionId !== additionId).sort(spendingOrder)];
  let left = points;
  const takes: Take[] = [];
  for (const bucket of ordered) {
    if (left === 0) break;
    if (bucket.remaining <= 0) continue;
    const taken = Math.min(bucket.remaining, left);
    takes.push({ id: bucket.id, taken });
    left -= taken;
  }
  if (left > 0) throw new RangeError(`buckets hold ${points - left} points, ${points} requested`);
  return takes;
}
