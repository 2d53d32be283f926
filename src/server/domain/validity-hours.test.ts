import { describe, expect, it } from 'vitest';
import type { EarningValidityHours } from '../../contract/earning-rule';
import { isWithinValidityHours } from './validity-hours';

const weekdayAfternoons: EarningValidityHours = { type: 'DAILY', daily: [{ days_of_week: [1, 2, 3, 4, 5], start_time: '15:00', end_time: '18:00' }] };
const fridayNight: EarningValidityHours = { type: 'DAILY', daily: [{ days_of_week: [5], start_time: '22:00', end_time: '02:00' }] };
const twoWindows: EarningValidityHours = {
  type: 'DAILY',
  daily: [
    { days_of_week: [0], start_time: '08:00', end_time: '10:00' },
    { days_of_week: [6], start_time: '20:00', end_time: '21:30' },
  ],
};

// 2026-11-20 is a Friday, 2026-11-21 a Saturday, 2026-11-22 a Sunday.
describe('isWithinValidityHours (UTC)', () => {
  it.each<[string, EarningValidityHours | null, string, boolean]>([
    ['any time', { type: 'ANY_TIME' }, '2026-11-21T03:00:00Z', true],
    ['no validity hours', null, '2026-11-21T03:00:00Z', true],
    ['weekday, at the start', weekdayAfternoons, '2026-11-20T15:00:00Z', true],
    ['weekday, just before the end', weekdayAfternoons, '2026-11-20T17:59:59Z', true],
    ['weekday, at the end (exclusive)', weekdayAfternoons, '2026-11-20T18:00:00Z', false],
    ['weekday, before the start', weekdayAfternoons, '2026-11-20T14:59:59Z', false],
    ['weekend, inside the hours', weekdayAfternoons, '2026-11-21T16:00:00Z', false],
    ['UTC, not local time: 16:00+01:00 is 15:00Z', weekdayAfternoons, '2026-11-20T16:00:00+01:00', true],
    ['overnight window, Friday late', fridayNight, '2026-11-20T23:30:00Z', true],
    ['overnight window, Saturday early', fridayNight, '2026-11-21T01:59:00Z', true],
    ['overnight window, Saturday after it ends', fridayNight, '2026-11-21T02:00:00Z', false],
    ['overnight window, Saturday late (not listed)', fridayNight, '2026-11-21T23:00:00Z', false],
    ['second window', twoWindows, '2026-11-21T21:00:00Z', true],
    ['first window on Sunday', twoWindows, '2026-11-22T09:59:00Z', true],
    ['between windows', twoWindows, '2026-11-22T10:00:00Z', false],
  ])('%s', (_name, validity, at, expected) => {
    expect(isWithinValidityHours(validity, new Date(at))).toBe(expected);
  });
});
