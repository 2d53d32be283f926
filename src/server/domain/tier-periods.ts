/**
 * Calendar periods, ISO-8601 durations and rounding for loyalty tiers, in UTC instants
 * (milliseconds). A period is [start, end): the calendar month, quarter, half year or year that
 * holds an instant. Pure; the tier engine (tier-engine.ts) is built on it.
 */

export const qualificationPeriods = ['MONTH', 'QUARTER', 'HALF_YEAR', 'YEAR'] as const;
export type QualificationPeriod = (typeof qualificationPeriods)[number];

const monthsOf: Record<QualificationPeriod, number> = { MONTH: 1, QUARTER: 3, HALF_YEAR: 6, YEAR: 12 };

/** The first instant of the period holding `at`. */
export function periodStart(at: number, period: QualificationPeriod): number {
  const d = new Date(at);
  const months = monthsOf[period];
  const month = Math.floor(d.getUTCMonth() / months) * months;
  return Date.UTC(d.getUTCFullYear(), month, 1);
}

/** The first instant after the period holding `at` (its exclusive end); `later` periods further on. */
export function periodEnd(at: number, period: QualificationPeriod, later = 0): number {
  const start = new Date(periodStart(at, period));
  return Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + monthsOf[period] * (1 + later), 1);
}

/** An ISO-8601 duration of whole units (`P3M`, `P1Y2M10D`, `P2W`, `PT12H`). */
export interface Duration {
  years: number;
  months: number;
  weeks: number;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

const durationPattern = /^P(?!$)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?!$)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

/** At most this long, so every date the engine computes stays a valid instant. */
const maxDurationDays = 100 * 366;

/** The duration, or a message saying why the text is not one this engine takes. */
export function parseDuration(text: string): Duration | string {
  const match = durationPattern.exec(text);
  if (!match) return `'${text}' is not an ISO-8601 duration of whole units (P3M, P1Y, P30D, P2W, PT12H)`;
  const [years, months, weeks, days, hours, minutes, seconds] = match.slice(1).map((part) => (part === undefined ? 0 : Number(part)));
  const duration = { years, months, weeks, days, hours, minutes, seconds };
  const approxDays = years * 366 + months * 31 + weeks * 7 + days + (hours + minutes / 60 + seconds / 3600) / 24;
  if (approxDays > maxDurationDays) return `'${text}' is longer than 100 years`;
  if (approxDays === 0) return `'${text}' is zero long`;
  return duration;
}

/** `at` moved by the duration: calendar months clamp the day (Jan 31 + P1M = Feb 28/29), the rest is exact. */
export function addDuration(at: number, duration: Duration): number {
  const d = new Date(at);
  const months = duration.years * 12 + duration.months;
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const shifted = Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d.getUTCDate(), lastDay), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
  return shifted + ((duration.weeks * 7 + duration.days) * 24 * 3600 + duration.hours * 3600 + duration.minutes * 60 + duration.seconds) * 1000;
}

/** `rounding` of a CUSTOM tier expiration: to the START or END of the period holding the date, or of a given month (`value` 0–11). */
export type TierRounding = { type: QualificationPeriod; strategy: 'START' | 'END' } | { type: 'CUSTOM'; strategy: 'START' | 'END'; month: number };

/**
 * The rounded date. END: the end of the period holding `at` (for CUSTOM, of the first month
 * `month` on or after it); START: its start (for CUSTOM, of the last month `month` on or before it).
 */
export function roundInstant(at: number, rounding: TierRounding): number {
  if (rounding.type !== 'CUSTOM') return rounding.strategy === 'START' ? periodStart(at, rounding.type) : periodEnd(at, rounding.type);
  const d = new Date(at);
  const month = d.getUTCMonth();
  if (rounding.strategy === 'END') {
    const ahead = (rounding.month - month + 12) % 12;
    return Date.UTC(d.getUTCFullYear(), month + ahead + 1, 1);
  }
  const back = (month - rounding.month + 12) % 12;
  return Date.UTC(d.getUTCFullYear(), month - back, 1);
}
