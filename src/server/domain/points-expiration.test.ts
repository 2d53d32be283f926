import { describe, expect, it } from 'vitest';
import type { PointsExpiration } from '../../contract/earning-rule';
import { expirationDateOf, isDue } from './points-expiration';

const rolling = (unit: 'DAY' | 'MONTH' | 'YEAR', value: number, rounding?: object): PointsExpiration =>
  ({ type: 'ROLLING_EXPIRATION', rolling_expiration: { period: { unit, value }, ...(rounding && { rounding }) } }) as PointsExpiration;
const calendar = (...dates: [number, number][]): PointsExpiration => ({
  type: 'CALENDAR_EXPIRATION',
  calendar_expiration: { expiration_dates: dates.map(([day, month]) => ({ day, month })) },
});

describe('expirationDateOf', () => {
  it.each<[string, PointsExpiration | null, string, string | null]>([
    ['no expiration', { type: 'NO_EXPIRATION' }, '2026-11-21T10:00:00Z', null],
    ['null expiration', null, '2026-11-21T10:00:00Z', null],
    ['30 days', rolling('DAY', 30), '2026-11-21T10:00:00Z', '2026-12-21'],
    ['90 days across a year', rolling('DAY', 90), '2026-11-21T23:59:59Z', '2027-02-19'],
    ['earned just before UTC midnight counts that UTC day', rolling('DAY', 1), '2026-11-21T23:59:59.999Z', '2026-11-22'],
    ['3 months', rolling('MONTH', 3), '2026-11-21T10:00:00Z', '2027-02-21'],
    ['1 month from 31 January clamps to February', rolling('MONTH', 1), '2027-01-31T10:00:00Z', '2027-02-28'],
    ['1 month from 31 January in a leap year', rolling('MONTH', 1), '2028-01-31T10:00:00Z', '2028-02-29'],
    ['12 months', rolling('MONTH', 12), '2026-11-21T10:00:00Z', '2027-11-21'],
    ['1 year from 29 February', rolling('YEAR', 1), '2028-02-29T10:00:00Z', '2029-02-28'],
    ['5 years', rolling('YEAR', 5), '2026-11-21T10:00:00Z', '2031-11-21'],
    ['3 months, end of month', rolling('MONTH', 3, { type: 'END_OF_MONTH' }), '2026-11-21T10:00:00Z', '2027-02-28'],
    ['10 days, end of month', rolling('DAY', 10, { type: 'END_OF_MONTH' }), '2026-11-21T10:00:00Z', '2026-12-31'],
    ['1 month, end of quarter (Q1)', rolling('MONTH', 1, { type: 'END_OF_QUARTER' }), '2026-01-10T10:00:00Z', '2026-03-31'],
    ['1 month, end of quarter (Q4)', rolling('MONTH', 1, { type: 'END_OF_QUARTER' }), '2026-09-10T10:00:00Z', '2026-12-31'],
    ['end of quarter on the last day already', rolling('DAY', 1, { type: 'END_OF_QUARTER' }), '2026-06-29T10:00:00Z', '2026-06-30'],
    ['end of half year (first half)', rolling('MONTH', 2, { type: 'END_OF_HALF_YEAR' }), '2026-03-15T10:00:00Z', '2026-06-30'],
    ['end of half year (second half)', rolling('MONTH', 2, { type: 'END_OF_HALF_YEAR' }), '2026-05-15T10:00:00Z', '2026-12-31'],
    ['end of year', rolling('YEAR', 1, { type: 'END_OF_YEAR' }), '2026-11-21T10:00:00Z', '2027-12-31'],
    ['end of particular month later the same year', rolling('MONTH', 1, { type: 'END_OF_PARTICULAR_MONTH', value: 9 }), '2026-03-15T10:00:00Z', '2026-09-30'],
    ['end of particular month, same month', rolling('MONTH', 1, { type: 'END_OF_PARTICULAR_MONTH', value: 4 }), '2026-03-15T10:00:00Z', '2026-04-30'],
    ['end of particular month already past: next year', rolling('MONTH', 3, { type: 'END_OF_PARTICULAR_MONTH', value: 2 }), '2026-11-21T10:00:00Z', '2027-02-28'],
    ['end of particular month past this year, leap February', rolling('MONTH', 1, { type: 'END_OF_PARTICULAR_MONTH', value: 2 }), '2027-11-21T10:00:00Z', '2028-02-29'],
    ['calendar: next date this year', calendar([30, 6], [31, 12]), '2026-03-01T10:00:00Z', '2026-06-30'],
    ['calendar: same day counts', calendar([30, 6], [31, 12]), '2026-06-30T22:00:00Z', '2026-06-30'],
    ['calendar: later date this year', calendar([30, 6], [31, 12]), '2026-07-01T00:00:00Z', '2026-12-31'],
    ['calendar: wraps into next year', calendar([31, 3]), '2026-11-21T10:00:00Z', '2027-03-31'],
    ['calendar: order of dates does not matter', calendar([31, 12], [1, 1]), '2026-11-21T10:00:00Z', '2026-12-31'],
    ['calendar: 29 February in a common year', calendar([29, 2]), '2026-11-21T10:00:00Z', '2027-02-28'],
    ['calendar: 29 February in a leap year', calendar([29, 2]), '2027-11-21T10:00:00Z', '2028-02-29'],
  ])('%s', (_name, expiration, earnedAt, expected) => {
    expect(expirationDateOf(expiration, new Date(earnedAt))).toBe(expected);
  });
});

describe('isDue', () => {
  it.each([
    ['2026-11-20', '2026-11-21T00:00:00.000Z', true],
    ['2026-11-21', '2026-11-21T23:59:59.999Z', false],
    ['2026-11-21', '2026-11-22T00:00:00.000Z', true],
    ['2026-12-31', '2026-11-21T10:00:00.000Z', false],
  ])('points expiring on %s are due at %s: %s', (expiresOn, now, due) => {
    expect(isDue(expiresOn, new Date(now))).toBe(due);
  });
});
