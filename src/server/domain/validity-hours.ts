import type { EarningValidityHours } from '../../contract/earning-rule';
import { utcMinuteOfDay } from './utc-calendar';

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether `now` (UTC) falls inside the rule's validity hours. A window is active from start_time
 * up to, not including, end_time on each listed day (0 Sunday … 6 Saturday). A window whose
 * end_time is before its start_time runs past midnight into the next day.
 */
export function isWithinValidityHours(validity: EarningValidityHours | null | undefined, now: Date): boolean {
  if (!validity || validity.type === 'ANY_TIME') return true;
  const minute = utcMinuteOfDay(now);
  const day = now.getUTCDay();
  const yesterday = (day + 6) % 7;
  return validity.daily.some((window) => {
    const start = minutes(window.start_time);
    const end = minutes(window.end_time);
    if (start < end) return window.days_of_week.includes(day) && minute >= start && minute < end;
    return (window.days_of_week.includes(day) && minute >= start) || (window.days_of_week.includes(yesterday) && minute < end);
  });
}
