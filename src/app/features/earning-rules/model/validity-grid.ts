import type { EarningValidityHours } from '../../../../contract/earning-rule';

/** Rows of the weekly grid, Monday first (days_of_week counts 0 as Sunday). */
export const gridDays = [1, 2, 3, 4, 5, 6, 0] as const;
export const dayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export interface DayRow {
  day: number;
  name: string;
  /** For each hour 0–23: the share of that hour (0–1) inside a window. */
  hours: number[];
  /** The windows that start or continue on this day, as "15:00–18:00". */
  spans: string[];
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/**
 * The week as the engine sees it (UTC): each day's active minutes, folding a window that runs past
 * midnight into the next day, summed per hour for the grid.
 */
export function weeklyGrid(validity: EarningValidityHours, daysOfWeek?: readonly number[]): DayRow[] {
  const active = new Map<number, { from: number; to: number }[]>();
  const add = (day: number, from: number, to: number) => active.set(day, [...(active.get(day) ?? []), { from, to }]);
  if (validity.type === 'DAILY') {
    for (const window of validity.daily) {
      const start = minutes(window.start_time);
      const end = minutes(window.end_time);
      for (const day of window.days_of_week) {
        if (start < end) add(day, start, end);
        else {
          add(day, start, 24 * 60);
          if (end > 0) add((day + 1) % 7, 0, end);
        }
      }
    }
  }
  return gridDays.map((day) => {
    // Whole days (validity_day_of_week) apply on top of the hours: the engine checks both at the moment of the event.
    const allSpans = validity.type === 'ANY_TIME' ? [{ from: 0, to: 24 * 60 }] : (active.get(day) ?? []);
    const spans = daysOfWeek && !daysOfWeek.includes(day) ? [] : allSpans;
    const hours = Array.from({ length: 24 }, (_, h) => {
      const covered = spans.reduce((sum, s) => sum + Math.max(0, Math.min(s.to, (h + 1) * 60) - Math.max(s.from, h * 60)), 0);
      return Math.min(1, covered / 60);
    });
    const labels = [...spans].sort((a, b) => a.from - b.from).map((s) => `${hhmm(s.from)}–${s.to === 24 * 60 ? '24:00' : hhmm(s.to)}`);
    return { day, name: dayNames[day], hours, spans: labels };
  });
}
