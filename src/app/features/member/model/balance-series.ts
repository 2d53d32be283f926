import type { CardTransaction } from '../../../../contract/card-transaction';

export interface BalancePoint {
  at: Date;
  balance: number;
}

/** The reader's calendar day of an instant: same-day changes are one step of the chart. */
function dayOf(at: Date): string {
  return `${at.getFullYear()}-${at.getMonth()}-${at.getDate()}`;
}

/**
 * The card's balance over time, oldest first, one point per day with a change (the API lists
 * transactions newest first; each carries the balance after it): placed at the day's first change,
 * it holds the balance after the day's last, so a busy day is one step instead of a pile of points on
 * one spot. A leading point, just before the first transaction, shows where the card started when its
 * whole history is in the page; with `now`, a last point carries the current balance to the present.
 */
export function balanceSeries(newestFirst: readonly CardTransaction[], wholeHistory: boolean, now?: Date): BalancePoint[] {
  const points: BalancePoint[] = [];
  let lastDay: string | undefined;
  for (const t of [...newestFirst].reverse()) {
    const at = new Date(t.created_at);
    const day = dayOf(at);
    if (day === lastDay) points[points.length - 1].balance = t.details.balance.balance;
    else points.push({ at, balance: t.details.balance.balance });
    lastDay = day;
  }
  if (wholeHistory && points.length > 0) {
    const oldest = newestFirst[newestFirst.length - 1];
    points.unshift({ at: new Date(points[0].at.getTime() - 1000), balance: oldest.details.balance.balance - oldest.details.balance.points });
  }
  // The line runs on to today at the latest balance, so the last change is a visible step, not the chart's edge.
  const last = points[points.length - 1];
  if (now && last && now.getTime() > last.at.getTime()) points.push({ at: now, balance: last.balance });
  return points;
}
