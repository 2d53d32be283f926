/**
 * Calendar arithmetic in UTC on plain dates (`YYYY-MM-DD`) and instants. The engine's windows,
 * expiry dates and validity hours are all UTC, so the answer never depends on the server's zone.
 */

export interface YearMonthDay {
  year: number;
  month: number; // 1–12
  day: number;
}

export function toDateString(d: YearMonthDay): string {
  return `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

export function parseDateString(value: string): YearMonthDay {
  const [year, month, day] = value.split('-').map(Number);
  return { year, month, day };
}

/** The UTC calendar date of an instant. */
export function utcDateOf(instant: Date): YearMonthDay {
  return { year: instant.getUTCFullYear(), month: instant.getUTCMonth() + 1, day: instant.getUTCDate() };
}

export function utcDateString(instant: Date): string {
  return toDateString(utcDateOf(instant));
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function lastDayOfMonth(year: number, month: number): YearMonthDay {
  // Date.UTC normalises month overflow (month 13 → January of the next year).
  const normal = new Date(Date.UTC(year, month - 1, 1));
  const y = normal.getUTCFullYear();
  const m = normal.getUTCMonth() + 1;
  return { year: y, month: m, day: daysInMonth(y, m) };
}

export function addDays(date: YearMonthDay, days: number): YearMonthDay {
  return utcDateOf(new Date(Date.UTC(date.year, date.month - 1, date.day + days)));
}

/** Adds months, keeping the day but clamping it to the target month's length (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(date: YearMonthDay, months: number): YearMonthDay {
  const first = new Date(Date.UTC(date.year, date.month - 1 + months, 1));
  const year = first.getUTCFullYear();
  const month = first.getUTCMonth() + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

export function compareDates(a: YearMonthDay, b: YearMonthDay): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** An instant moved by whole calendar months (UTC), clamping the day as addMonths does. */
export function addMonthsToInstant(instant: Date, months: number): Date {
  const shifted = addMonths(utcDateOf(instant), months);
  return new Date(
    Date.UTC(shifted.year, shifted.month - 1, shifted.day, instant.getUTCHours(), instant.getUTCMinutes(), instant.getUTCSeconds(), instant.getUTCMilliseconds()),
  );
}

/** Minutes since UTC midnight. */
export function utcMinuteOfDay(instant: Date): number {
  return instant.getUTCHours() * 60 + instant.getUTCMinutes();
}
