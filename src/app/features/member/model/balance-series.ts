import type { CardTransaction } from '../../../../contract/card-transaction';

export interface BalancePoint {
  at: Date;
  balance: number;
}

/**
 * The card's balance over time, oldest first, from its transactions (the API lists them newest
 * first; each carries the balance after it). A leading zero point, just before the first
 * transaction, shows where the card started when its whole history is in the page; with `now`,
 * a last point carries the current balance to the present.
 */
export function balanceSeries(newestFirst: readonly CardTransaction[], wholeHistory: boolean, now?: Date): BalancePoint[] {
  const points = [...newestFirst].reverse().map((t) => ({ at: new Date(t.created_at), balance: t.details.balance.balance }));
  if (wholeHistory && points.length > 0) {
    const first = points[0];
    const before = first.balance - (newestFirst[newestFirst.length - 1]?.details.balance.points ?? 0);
    points.unshift({ at: new Date(first.at.getTime() - 1000), balance: before });
  }
  // The line runs on to today at the latest balance, so the last change is a visible step, not the chart's edge.
  const last = points[points.length - 1];
  if (now && last && now.getTime() > last.at.getTime()) points.push({ at: now, balance: last.balance });
  return points;
}
