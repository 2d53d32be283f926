import { describe, expect, it } from 'vitest';
import { foldTier, initialTierState, type TierLedgerEntry, type TierPolicy } from './tier-engine';
import { tierPolicyOf } from './tier-policy';
import { tierProgress } from './tier-progress';

const tiers = [
  { id: 'platinum', from: 1000, to: null },
  { id: 'silver', from: 100, to: 499 },
  { id: 'gold', from: 500, to: 999 },
];
const at = (iso: string) => Date.parse(iso);
const entry = (seq: number, iso: string, amount: number, type = 'POINTS_ACCRUAL'): TierLedgerEntry => ({ seq, type, amount, at: at(iso) });
const yearly: TierPolicy = { qualification: { type: 'POINTS_IN_PERIOD', period: 'YEAR' }, start: 'IMMEDIATE', expiration: { type: 'END_OF_NEXT_PERIOD' } };

function progressAfter(policy: TierPolicy, entries: TierLedgerEntry[], now: string) {
  const { state } = foldTier(initialTierState(at('2026-01-01T00:00:00Z'), policy), policy, tiers, entries, at(now));
  return { state, progress: tierProgress(state, policy, tiers) };
}

describe('tier progress', () => {
  it('BALANCE: the balance counts, no date, the next tier above the one the balance reaches', () => {
    const { progress } = progressAfter(tierPolicyOf(null), [entry(1, '2026-02-01T00:00:00Z', 260)], '2026-03-01T00:00:00Z');
    expect(progress).toEqual({ qualifyingPoints: 260, periodEnds: null, reached: 'silver', next: tiers[2], pointsToNext: 240 });
  });

  it('POINTS_IN_PERIOD: points earned this period (spending does not take them back), by the end of the period', () => {
    const { progress } = progressAfter(yearly, [entry(1, '2026-02-01T00:00:00Z', 260), entry(2, '2026-02-02T00:00:00Z', -200, 'POINTS_REDEMPTION')], '2026-03-01T00:00:00Z');
    expect(progress).toMatchObject({ qualifyingPoints: 260, periodEnds: at('2027-01-01T00:00:00Z'), reached: 'silver', pointsToNext: 240 });
    expect(progress.next?.id).toBe('gold');
  });

  it('a tier kept from last year: the next tier is above it, counted from this year’s points', () => {
    const { state, progress } = progressAfter(yearly, [entry(1, '2026-02-01T00:00:00Z', 600), entry(2, '2027-02-01T00:00:00Z', 150)], '2027-03-01T00:00:00Z');
    expect(state.tier).toBe('gold');
    expect(progress).toMatchObject({ qualifyingPoints: 150, reached: 'silver', pointsToNext: 850, periodEnds: at('2028-01-01T00:00:00Z') });
    expect(progress.next?.id).toBe('platinum');
  });

  it('the top tier has no next; below every tier the next is the lowest', () => {
    expect(progressAfter(tierPolicyOf(null), [entry(1, '2026-02-01T00:00:00Z', 1200)], '2026-03-01T00:00:00Z').progress).toMatchObject({ reached: 'platinum', next: null, pointsToNext: null });
    expect(progressAfter(tierPolicyOf(null), [entry(1, '2026-02-01T00:00:00Z', 40)], '2026-03-01T00:00:00Z').progress).toMatchObject({ reached: null, pointsToNext: 60 });
  });
});
