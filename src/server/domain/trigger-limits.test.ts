import { describe, expect, it } from 'vitest';
import type { CooldownPeriod, CurrentPeriodUnit, TriggerLimits } from '../../contract/earning-rule';
import { checkTriggerLimits, cooldownEndsAt, currentPeriodStart, frequencyWindow } from './trigger-limits';

describe('currentPeriodStart (UTC; weeks start on Monday)', () => {
  it.each<[CurrentPeriodUnit, string, string]>([
    ['DAY', '2026-11-21T15:30:00Z', '2026-11-21T00:00:00.000Z'],
    ['DAY', '2026-11-21T00:00:00Z', '2026-11-21T00:00:00.000Z'],
    ['WEEK', '2026-11-21T15:30:00Z', '2026-11-16T00:00:00.000Z'], // Saturday → Monday 16th
    ['WEEK', '2026-11-22T23:59:59Z', '2026-11-16T00:00:00.000Z'], // Sunday still in that week
    ['WEEK', '2026-11-23T00:00:00Z', '2026-11-23T00:00:00.000Z'], // Monday starts a new one
    ['WEEK', '2027-01-01T12:00:00Z', '2026-12-28T00:00:00.000Z'], // across a year
    ['MONTH', '2026-11-21T15:30:00Z', '2026-11-01T00:00:00.000Z'],
    ['QUARTER', '2026-11-21T15:30:00Z', '2026-10-01T00:00:00.000Z'],
    ['QUARTER', '2026-03-31T23:59:59Z', '2026-01-01T00:00:00.000Z'],
    ['QUARTER', '2026-04-01T00:00:00Z', '2026-04-01T00:00:00.000Z'],
    ['QUARTER', '2026-08-15T00:00:00Z', '2026-07-01T00:00:00.000Z'],
    ['YEAR', '2026-11-21T15:30:00Z', '2026-01-01T00:00:00.000Z'],
  ])('%s containing %s starts %s', (unit, now, start) => {
    expect(currentPeriodStart(unit, new Date(now)).toISOString()).toBe(start);
  });
});

describe('cooldownEndsAt', () => {
  it.each<[CooldownPeriod, string, string]>([
    [{ unit: 'HOUR', value: 12 }, '2026-11-21T10:00:00Z', '2026-11-21T22:00:00.000Z'],
    [{ unit: 'HOUR', value: 24 }, '2026-11-21T10:00:00Z', '2026-11-22T10:00:00.000Z'],
    [{ unit: 'DAY', value: 1 }, '2026-11-21T10:00:00Z', '2026-11-22T10:00:00.000Z'],
    [{ unit: 'WEEK', value: 2 }, '2026-11-21T10:00:00Z', '2026-12-05T10:00:00.000Z'],
    [{ unit: 'MONTH', value: 1 }, '2026-01-31T10:00:00Z', '2026-02-28T10:00:00.000Z'],
    [{ unit: 'YEAR', value: 1 }, '2028-02-29T10:00:00Z', '2029-02-28T10:00:00.000Z'],
  ])('%o after %s ends %s', (period, last, end) => {
    expect(cooldownEndsAt(period, new Date(last)).toISOString()).toBe(end);
  });
});

const cooldown12h: TriggerLimits = { cooldown: { type: 'FIXED_COOLDOWN', fixed_cooldown: { period: { unit: 'HOUR', value: 12 } } } };
const threePerDay: TriggerLimits = {
  frequency: { type: 'LIMITED', limits: [{ type: 'TIME_BASED', period: { type: 'CURRENT_PERIOD', current_period: { unit: 'DAY' } }, triggers: { max: 3 } }] },
};
const noLimits: TriggerLimits = { cooldown: { type: 'NO_COOLDOWN' }, frequency: { type: 'NO_LIMIT', limits: [] } };

describe('checkTriggerLimits', () => {
  const at = (iso: string) => new Date(iso);
  it.each<[string, TriggerLimits | null, string | null, number, string, boolean]>([
    ['no limits, triggered a moment ago', noLimits, '2026-11-21T10:00:00Z', 100, '2026-11-21T10:00:01Z', true],
    ['null limits', null, '2026-11-21T10:00:00Z', 100, '2026-11-21T10:00:01Z', true],
    ['cooldown: never triggered', cooldown12h, null, 0, '2026-11-21T10:00:00Z', true],
    ['cooldown: 1 ms before it ends', cooldown12h, '2026-11-21T10:00:00Z', 1, '2026-11-21T21:59:59.999Z', false],
    ['cooldown: exactly when it ends', cooldown12h, '2026-11-21T10:00:00Z', 1, '2026-11-21T22:00:00Z', true],
    ['frequency: under the max', threePerDay, '2026-11-21T10:00:00Z', 2, '2026-11-21T11:00:00Z', true],
    ['frequency: at the max', threePerDay, '2026-11-21T10:00:00Z', 3, '2026-11-21T11:00:00Z', false],
  ])('%s', (_name, limits, last, count, now, allowed) => {
    expect(checkTriggerLimits(limits, { lastTriggeredAt: last ? at(last) : null, triggersInWindow: count }, at(now)).allowed).toBe(allowed);
  });

  it('says when a cooldown ends and which frequency max was hit', () => {
    expect(checkTriggerLimits(cooldown12h, { lastTriggeredAt: at('2026-11-21T10:00:00Z'), triggersInWindow: 1 }, at('2026-11-21T12:00:00Z'))).toEqual({
      allowed: false,
      reason: 'cooldown',
      until: at('2026-11-21T22:00:00Z'),
    });
    expect(checkTriggerLimits(threePerDay, { lastTriggeredAt: null, triggersInWindow: 3 }, at('2026-11-21T12:00:00Z'))).toEqual({ allowed: false, reason: 'frequency', max: 3 });
  });

  it('counts frequency in the window of the current period', () => {
    expect(frequencyWindow(threePerDay, at('2026-11-21T12:00:00Z'))).toEqual({ since: at('2026-11-21T00:00:00Z'), max: 3 });
    expect(frequencyWindow(noLimits, at('2026-11-21T12:00:00Z'))).toBeNull();
  });
});
