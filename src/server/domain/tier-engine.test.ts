import { describe, expect, it } from 'vitest';
import { foldTier, initialTierState, type TierLedgerEntry, type TierPolicy } from './tier-engine';
import { tierPolicyOf } from './tier-policy';
import { addDuration, parseDuration, roundInstant } from './tier-periods';

const tiers = [
  { id: 'silver', from: 100, to: 499 },
  { id: 'gold', from: 500, to: 999 },
  { id: 'platinum', from: 1000, to: null },
];
const at = (iso: string) => Date.parse(iso);
let seq = 0;
const earn = (iso: string, amount: number, type = 'POINTS_ACCRUAL'): TierLedgerEntry => ({ seq: ++seq, type, amount, at: at(iso) });
const kinds = (changes: { type: string; to: string | null }[]) => changes.map((c) => `${c.type}:${c.to ?? '-'}`);

describe('tier engine', () => {
  it('BALANCE / BALANCE_DROP follows the balance: joined, upgraded, downgraded, left, each at its transaction', () => {
    const policy = tierPolicyOf(null);
    const entries = [earn('2026-01-01T10:00:00Z', 150), earn('2026-01-02T10:00:00Z', 400), earn('2026-01-03T10:00:00Z', -200, 'POINTS_REDEMPTION'), earn('2026-01-04T10:00:00Z', -350, 'POINTS_REDEMPTION')];
    const { state, changes } = foldTier(initialTierState(at('2026-01-01T00:00:00Z'), policy), policy, tiers, entries, at('2026-02-01T00:00:00Z'));
    expect(kinds(changes)).toEqual(['joined:silver', 'upgraded:gold', 'downgraded:silver', 'left:-']);
    expect(changes.map((c) => new Date(c.at).toISOString())).toEqual(['2026-01-01T10:00:00.000Z', '2026-01-02T10:00:00.000Z', '2026-01-03T10:00:00.000Z', '2026-01-04T10:00:00.000Z']);
    expect(state).toMatchObject({ tier: null, balance: 0, expires: null });
  });

  it('POINTS_IN_PERIOD YEAR, END_OF_NEXT_PERIOD: kept through next year, prolonged by qualifying again, then dropped at a year end', () => {
    const policy: TierPolicy = { qualification: { type: 'POINTS_IN_PERIOD', period: 'YEAR' }, start: 'IMMEDIATE', expiration: { type: 'END_OF_NEXT_PERIOD' } };
    const entries = [earn('2026-03-01T00:00:00Z', 600), earn('2026-06-01T00:00:00Z', -600, 'POINTS_REDEMPTION'), earn('2027-05-01T00:00:00Z', 550), earn('2028-02-01T00:00:00Z', 120)];
    const { state, changes } = foldTier(initialTierState(at('2026-01-01T00:00:00Z'), policy), policy, tiers, entries, at('2030-06-01T00:00:00Z'));
    expect(kinds(changes)).toEqual(['joined:gold', 'prolonged:gold', 'downgraded:silver', 'left:-']);
    expect(changes[0]).toMatchObject({ expires: at('2028-01-01T00:00:00Z') });
    expect(changes[1]).toMatchObject({ at: at('2027-05-01T00:00:00Z'), previousExpires: at('2028-01-01T00:00:00Z'), expires: at('2029-01-01T00:00:00Z') });
    // 120 points in 2028 give Silver until the end of 2029 once Gold ends with 2028.
    expect(changes[2]).toMatchObject({ at: at('2029-01-01T00:00:00Z'), from: 'gold', to: 'silver', expires: at('2030-01-01T00:00:00Z') });
    expect(state.tier).toBeNull();
    expect(changes[3].at).toBe(at('2030-01-01T00:00:00Z'));
  });

  it('POINTS_IN_PERIOD QUARTER, NEXT_PERIOD / END_OF_PERIOD: a quarter\'s points give the tier for the next quarter', () => {
    const policy: TierPolicy = { qualification: { type: 'POINTS_IN_PERIOD', period: 'QUARTER' }, start: 'NEXT_PERIOD', expiration: { type: 'END_OF_PERIOD' } };
    const entries = [earn('2026-02-10T00:00:00Z', 1200), earn('2026-05-10T00:00:00Z', 200)];
    const { changes } = foldTier(initialTierState(at('2026-01-01T00:00:00Z'), policy), policy, tiers, entries, at('2026-12-01T00:00:00Z'));
    expect(kinds(changes)).toEqual(['joined:platinum', 'downgraded:silver', 'left:-']);
    expect(changes.map((c) => new Date(c.at).toISOString().slice(0, 10))).toEqual(['2026-04-01', '2026-07-01', '2026-10-01']);
    expect(changes[0]).toMatchObject({ since: at('2026-04-01T00:00:00Z'), expires: at('2026-07-01T00:00:00Z') });
  });

  it('CUSTOM P3M rounded to the END of the MONTH: the contract example (drop on 2022-11-10, tier until 2023-02-28); qualifying again clears it', () => {
    const policy = tierPolicyOf({ qualification_type: 'BALANCE', start_date: { type: 'IMMEDIATE' }, expiration_date: { type: 'CUSTOM', extend: 'P3M', rounding: { type: 'MONTH', strategy: 'END' } } });
    const entries = [earn('2022-11-01T00:00:00Z', 600), earn('2022-11-10T00:00:00Z', -300, 'POINTS_REDEMPTION')];
    const dropped = foldTier(initialTierState(at('2022-11-01T00:00:00Z'), policy), policy, tiers, entries, at('2022-12-01T00:00:00Z'));
    expect(kinds(dropped.changes)).toEqual(['joined:gold', 'expiration.changed:gold']);
    expect(dropped.state).toMatchObject({ tier: 'gold', expires: at('2023-03-01T00:00:00Z') });
    const back = foldTier(dropped.state, policy, tiers, [earn('2023-01-05T00:00:00Z', 300)], at('2023-06-01T00:00:00Z'));
    expect(kinds(back.changes)).toEqual(['prolonged:gold']);
    expect(back.state.expires).toBeNull();
    const gone = foldTier(dropped.state, policy, tiers, [], at('2023-06-01T00:00:00Z'));
    expect(kinds(gone.changes)).toEqual(['downgraded:silver']);
    expect(gone.changes[0].at).toBe(at('2023-03-01T00:00:00Z'));
  });

  it('ISO-8601 durations and rounding', () => {
    expect(parseDuration('P1Y2M10DT2H')).toEqual({ years: 1, months: 2, weeks: 0, days: 10, hours: 2, minutes: 0, seconds: 0 });
    for (const bad of ['P', 'PT', '3M', 'P1.5M', 'P-1M', 'P0D', 'P200Y']) expect(typeof parseDuration(bad)).toBe('string');
    expect(new Date(addDuration(at('2026-01-31T12:00:00Z'), parseDuration('P1M') as never)).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(new Date(roundInstant(at('2026-05-10T00:00:00Z'), { type: 'CUSTOM', strategy: 'END', month: 2 })).toISOString()).toBe('2027-04-01T00:00:00.000Z');
    expect(new Date(roundInstant(at('2026-05-10T00:00:00Z'), { type: 'CUSTOM', strategy: 'START', month: 2 })).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(new Date(roundInstant(at('2026-05-10T00:00:00Z'), { type: 'HALF_YEAR', strategy: 'END' })).toISOString()).toBe('2026-07-01T00:00:00.000Z');
  });
});
