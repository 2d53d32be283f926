import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTierEntry, foldTier, initialTierState, type TierChange, type TierPolicy } from './tier-engine';
import { foldsWithoutChange, tierHeadroom, unboundedHeadroom } from './tier-headroom';
import { tierPolicyOf } from './tier-policy';

const tiers = [
  { id: 'silver', from: 100, to: 299 },
  { id: 'gold', from: 500, to: 799 },
  { id: 'platinum', from: 800, to: null },
];
const at = (iso: string) => Date.parse(iso);
const policies: TierPolicy[] = [
  tierPolicyOf(null),
  tierPolicyOf({ qualification_type: 'POINTS_IN_PERIOD', qualification_period: 'QUARTER', start_date: { type: 'IMMEDIATE' }, expiration_date: { type: 'END_OF_NEXT_PERIOD' } }),
  tierPolicyOf({ qualification_type: 'POINTS_IN_PERIOD', qualification_period: 'MONTH', start_date: { type: 'NEXT_PERIOD' }, expiration_date: { type: 'END_OF_PERIOD' } }),
  tierPolicyOf({ qualification_type: 'BALANCE', expiration_date: { type: 'CUSTOM', extend: 'P1M', rounding: { type: 'MONTH', strategy: 'END' } } }),
  tierPolicyOf({ qualification_type: 'POINTS_IN_PERIOD', qualification_period: 'YEAR', expiration_date: { type: 'BALANCE_DROP' } }),
];

describe('tier headroom', () => {
  it('the points left in the range (or gap) the qualifying value is in', () => {
    const policy = tierPolicyOf(null);
    const state = (balance: number) => ({ ...initialTierState(0, policy), balance });
    expect(tierHeadroom(state(0), policy, tiers)).toBe(99);
    expect(tierHeadroom(state(120), policy, tiers)).toBe(179);
    expect(tierHeadroom(state(300), policy, tiers)).toBe(199);
    expect(tierHeadroom(state(900), policy, tiers)).toBe(unboundedHeadroom);
    expect(tierHeadroom(state(10), policy, [])).toBe(unboundedHeadroom);
  });

  // The rule the one-statement path stands on: within the headroom and before the next boundary, folding an
  // earning records no change, and the state moves by arithmetic alone.
  it('within it, folding an earning is arithmetic: no change, the same tier and dates', () => {
    const entry = fc.record({ days: fc.integer({ min: 0, max: 200 }), amount: fc.integer({ min: -400, max: 600 }) });
    fc.assert(
      fc.property(fc.constantFrom(...policies), fc.array(entry, { maxLength: 12 }), fc.integer({ min: 0, max: 900 }), fc.integer({ min: 0, max: 40 }), (policy, history, points, days) => {
        const start = at('2026-01-01T00:00:00Z');
        let seq = 0;
        let t = start;
        const entries = history.map((h) => ({ seq: ++seq, type: h.amount >= 0 ? 'POINTS_ACCRUAL' : 'POINTS_REDEMPTION', amount: h.amount, at: (t += h.days * 86_400_000) }));
        const { state } = foldTier(initialTierState(start, policy), policy, tiers, entries, t);
        const when = t + days * 86_400_000;
        if (!foldsWithoutChange(state, policy, tiers, points, when)) return;
        const changes: TierChange[] = [];
        const next = applyTierEntry(state, policy, tiers, { seq: seq + 1, type: 'POINTS_ACCRUAL', amount: points, at: when }, changes);
        expect(changes).toEqual([]);
        expect(next).toEqual({
          ...state,
          seq: seq + 1,
          balance: state.balance + points,
          earned: [state.earned[0] + points, state.earned[1], state.earned[2]],
          asOf: Math.max(state.asOf, when),
        });
      }),
      { numRuns: 2000 },
    );
  });
});
