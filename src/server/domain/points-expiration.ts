import type { PointsExpiration, Rounding, SlidingExpiration } from '../../contract/earning-rule';
import { lastDayAfter } from './sliding-expiration';
import { addDays, addMonths, compareDates, lastDayOfMonth, parseDateString, toDateString, utcDateOf, type YearMonthDay } from './utc-calendar';

/**
 * The last day (UTC, `YYYY-MM-DD`) on which points earned at `earnedAt` are still available, or
 * null when they never expire. Points are taken by the expiry job once that day is over.
 *
 * - ROLLING_EXPIRATION: the earning date plus the period (months and years clamp to the month's
 *   end), then rounded up to the end of its month / quarter / half year / year, or to the end of
 *   the next occurrence of a particular month (that month of the same year when not yet past).
 * - CALENDAR_EXPIRATION: the nearest listed day/month on or after the earning date (29 February
 *   falls back to the 28th in other years).
 * - SLIDING_EXPIRATION: the earning date plus the period, the day the member's activity then moves
 *   (domain/sliding-expiration; bucketExpiryOf keeps the policy with the points).
 */
export function expirationDateOf(expiration: PointsExpiration | null | undefined, earnedAt: Date): string | null {
  if (!expiration) return null;
  const earned = utcDateOf(earnedAt);
  switch (expiration.type) {
    case 'NO_EXPIRATION':
      return null;
    case 'ROLLING_EXPIRATION': {
      const { period, rounding } = expiration.rolling_expiration;
      const base = period.unit === 'DAY' ? addDays(earned, period.value) : addMonths(earned, period.unit === 'MONTH' ? period.value : period.value * 12);
      return toDateString(rounding ? roundUp(base, rounding) : base);
    }
    case 'CALENDAR_EXPIRATION':
      return toDateString(nextCalendarDate(earned, expiration.calendar_expiration.expiration_dates));
    case 'SLIDING_EXPIRATION':
      return lastDayAfter(expiration.sliding_expiration, earnedAt);
  }
}

/** How points earned at `earnedAt` under `expiration` are kept: their last day, and for sliding expiration the policy that moves it. */
export interface BucketExpiry {
  expiresOn: string | null;
  sliding: SlidingExpiration | null;
}

export function bucketExpiryOf(expiration: PointsExpiration | null | undefined, earnedAt: Date): BucketExpiry {
  return { expiresOn: expirationDateOf(expiration, earnedAt), sliding: expiration?.type === 'SLIDING_EXPIRATION' ? expiration.sliding_expiration : null };
}

function roundUp(date: YearMonthDay, rounding: Rounding): YearMonthDay {
  switch (rounding.type) {
    case 'END_OF_MONTH':
      return lastDayOfMonth(date.year, date.month);
    case 'END_OF_QUARTER':
      return lastDayOfMonth(date.year, Math.ceil(date.month / 3) * 3);
    case 'END_OF_HALF_YEAR':
      return lastDayOfMonth(date.year, date.month <= 6 ? 6 : 12);
    case 'END_OF_YEAR':
      return lastDayOfMonth(date.year, 12);
    case 'END_OF_PARTICULAR_MONTH':
      return lastDayOfMonth(date.month <= rounding.value ? date.year : date.year + 1, rounding.value);
  }
}

function nextCalendarDate(from: YearMonthDay, dates: { day: number; month: number }[]): YearMonthDay {
  const candidates = [from.year, from.year + 1].flatMap((year) =>
    dates.map(({ day, month }) => ({ year, month, day: Math.min(day, lastDayOfMonth(year, month).day) })),
  );
  const upcoming = candidates.filter((c) => compareDates(c, from) >= 0).sort(compareDates);
  return upcoming[0];
}

/** Whether points that expire on `expiresOn` are due for removal at `now` (their last day is over). */
export function isDue(expiresOn: string, now: Date): boolean {
  return compareDates(parseDateString(expiresOn), utcDateOf(now)) < 0;
}
