import { describe, expect, it } from 'vitest';
import type { SlidingExpiration } from '../../contract/earning-rule';
import { activityOfTransaction, counts, extensionsFor, lastDayAfter, slidingLastDay } from './sliding-expiration';

const policy = (period: SlidingExpiration['period'], flags: Partial<SlidingExpiration> = {}): SlidingExpiration => ({
  earning_activity: true,
  spending_activity: false,
  custom_activity: false,
  custom_activity_types: null,
  period,
  ...flags,
});
const at = (iso: string) => new Date(iso);

describe('lastDayAfter: the day of the activity plus the period, as the other expirations count days', () => {
  it.each<[string, SlidingExpiration['period'], string]>([
    ['2026-03-01T23:59:59Z', { unit: 'DAY', value: 30 }, '2026-03-31'],
    ['2026-12-15T00:00:00Z', { unit: 'DAY', value: 90 }, '2027-03-15'],
    ['2026-01-31T12:00:00Z', { unit: 'MONTH', value: 1 }, '2026-02-28'],
    ['2028-01-31T12:00:00Z', { unit: 'MONTH', value: 1 }, '2028-02-29'],
    ['2026-08-31T10:00:00Z', { unit: 'MONTH', value: 6 }, '2027-02-28'],
    ['2028-02-29T10:00:00Z', { unit: 'YEAR', value: 1 }, '2029-02-28'],
  ])('%s + %o = %s', (when, period, expected) => {
    expect(lastDayAfter(policy(period), at(when))).toBe(expected);
  });
});

describe('what counts as activity', () => {
  it('earning is an accrual or activated pending points, spending a redemption; hand changes, expiry and transfers are not', () => {
    expect(activityOfTransaction('POINTS_ACCRUAL')).toEqual({ kind: 'EARNING' });
    expect(activityOfTransaction('PENDING_POINTS_ACTIVATION')).toEqual({ kind: 'EARNING' });
    expect(activityOfTransaction('POINTS_REDEMPTION')).toEqual({ kind: 'SPENDING' });
    for (const type of ['POINTS_ADDITION', 'POINTS_REMOVAL', 'POINTS_EXPIRATION', 'POINTS_REFUND', 'POINTS_TRANSFER_IN', 'POINTS_TRANSFER_OUT'] as const) {
      expect(activityOfTransaction(type), type).toBeUndefined();
    }
  });

  it('a custom event counts only when custom activity is on and it names the event', () => {
    const visits = policy({ unit: 'DAY', value: 5 }, { earning_activity: false, custom_activity: true, custom_activity_types: ['visit'] });
    expect(counts(visits, { kind: 'CUSTOM_EVENT', type: 'visit' })).toBe(true);
    expect(counts(visits, { kind: 'CUSTOM_EVENT', type: 'review' })).toBe(false);
    expect(counts(visits, { kind: 'EARNING' })).toBe(false);
    expect(counts({ ...visits, custom_activity: false }, { kind: 'CUSTOM_EVENT', type: 'visit' })).toBe(false);
  });
});

describe('extensionsFor', () => {
  const bucket = (id: string, expiresOn: string | null, sliding: SlidingExpiration | null, remaining = 10) => ({ id, remaining, expiresOn, createdAt: at('2026-01-01T00:00:00Z'), sliding });
  const month = policy({ unit: 'MONTH', value: 1 });

  it('moves sliding buckets that count the activity and still hold points, never back, never once their last day is over', () => {
    const buckets = [
      bucket('moves', '2026-03-10', month),
      bucket('fixed', '2026-03-10', null),
      bucket('later already', '2026-05-01', month),
      bucket('over', '2026-03-04', month),
      bucket('emptied', '2026-03-10', month),
      bucket('spending only', '2026-03-10', policy({ unit: 'DAY', value: 5 }, { earning_activity: false, spending_activity: true })),
      bucket('last day today', '2026-03-05', month),
    ];
    const moved = extensionsFor(buckets, { kind: 'EARNING' }, at('2026-03-05T18:00:00Z'), new Map([['emptied', 10]]));
    expect(moved).toEqual([
      { id: 'moves', expiresOn: '2026-04-05' },
      { id: 'last day today', expiresOn: '2026-04-05' },
    ]);
    expect(extensionsFor(buckets, undefined, at('2026-03-05T18:00:00Z'))).toEqual([]);
  });
});

describe('slidingLastDay: the model the stored day follows', () => {
  const thirty = policy({ unit: 'DAY', value: 30 }, { spending_activity: true });
  it('each counted activity on a day the points are still there moves the last day; the first gap longer than the period ends it', () => {
    const earned = at('2026-03-01T10:00:00Z');
    expect(slidingLastDay(thirty, earned, [])).toBe('2026-03-31');
    expect(
      slidingLastDay(thirty, earned, [
        { activity: { kind: 'EARNING' }, at: at('2026-03-20T10:00:00Z') },
        { activity: { kind: 'SPENDING' }, at: at('2026-04-19T23:00:00Z') },
      ]),
    ).toBe('2026-05-19');
    // A gap: over on 2026-03-31, so a purchase on 2026-04-01 does not bring the points back.
    expect(slidingLastDay(thirty, earned, [{ activity: { kind: 'EARNING' }, at: at('2026-04-01T00:00:00Z') }])).toBe('2026-03-31');
    // Activity before the points were earned, or of a kind the policy does not count, moves nothing.
    expect(
      slidingLastDay(thirty, earned, [
        { activity: { kind: 'EARNING' }, at: at('2026-02-28T10:00:00Z') },
        { activity: { kind: 'CUSTOM_EVENT', type: 'visit' }, at: at('2026-03-15T10:00:00Z') },
      ]),
    ).toBe('2026-03-31');
  });
});
