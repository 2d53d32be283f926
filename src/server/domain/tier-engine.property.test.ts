import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { earningTypes, foldTier, initialTierState, sortTiers, tierFor, type TierLedgerEntry, type TierPolicy, type TierRange, type TierState } from './tier-engine';
import { periodEnd, periodStart, type QualificationPeriod } from './tier-periods';

const start = Date.UTC(2026, 0, 10, 9);
const hour = 3_600_000;

/** Non-overlapping tiers from ascending cut points. */
const tiersArb: fc.Arbitrary<TierRange[]> = fc
  .uniqueArray(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 4 })
  .chain((cuts) => fc.boolean().map((open) => ({ cuts: [...cuts].sort((a, b) => a - b), open })))
  .map(({ cuts, open }) => cuts.map((from, i) => ({ id: `t${i}`, from, to: i + 1 < cuts.length ? cuts[i + 1] - 1 : open ? null : from + 150 })));

const period = fc.constantFrom<QualificationPeriod>('MONTH', 'QUARTER', 'HALF_YEAR', 'YEAR');
const policyArb: fc.Arbitrary<TierPolicy> = fc.oneof(
  fc.constant<TierPolicy>({ qualification: { type: 'BALANCE' }, start: 'IMMEDIATE', expiration: { type: 'BALANCE_DROP' } }),
  fc
    .record({ months: fc.integer({ min: 0, max: 4 }), days: fc.integer({ min: 0, max: 20 }), round: fc.option(fc.constantFrom('MONTH', 'QUARTER', 'YEAR') as fc.Arbitrary<QualificationPeriod>, { nil: null }), strategy: fc.constantFrom<'START' | 'END'>('START', 'END'), inPeriod: fc.option(period, { nil: null }) })
    .filter((c) => c.months + c.days > 0)
    .map<TierPolicy>((c) => ({
      qualification: c.inPeriod ? { type: 'POINTS_IN_PERIOD', period: c.inPeriod } : { type: 'BALANCE' },
      start: 'IMMEDIATE',
      expiration: { type: 'CUSTOM', extend: { years: 0, months: c.months, weeks: 0, days: c.days, hours: 0, minutes: 0, seconds: 0 }, rounding: c.round ? { type: c.round, strategy: c.strategy } : null },
    })),
  fc
    .record({ p: period, start: fc.constantFrom<'IMMEDIATE' | 'NEXT_PERIOD'>('IMMEDIATE', 'NEXT_PERIOD'), end: fc.constantFrom<'END_OF_PERIOD' | 'END_OF_NEXT_PERIOD' | 'BALANCE_DROP'>('END_OF_PERIOD', 'END_OF_NEXT_PERIOD', 'BALANCE_DROP') })
    .filter((c) => !(c.start === 'NEXT_PERIOD' && c.end === 'BALANCE_DROP'))
    .map<TierPolicy>((c) => ({ qualification: { type: 'POINTS_IN_PERIOD', period: c.p }, start: c.start, expiration: { type: c.end } })),
);

/** A ledger: each step waits some hours (up to ~4 months), then a transaction or a catch-up of the stored state. */
type Step = { wait: number; kind: 'earn' | 'spend' | 'catch-up'; points: number };
const stepsArb = fc.array(
  fc.record({ wait: fc.integer({ min: 0, max: 24 * 120 }), kind: fc.constantFrom<Step['kind']>('earn', 'earn', 'spend', 'catch-up'), points: fc.integer({ min: 1, max: 200 }) }),
  { maxLength: 40 },
);

function ledgerOf(steps: Step[]): { entries: TierLedgerEntry[]; checkpoints: { at: number; seq: number }[]; end: number } {
  const entries: TierLedgerEntry[] = [];
  const checkpoints: { at: number; seq: number }[] = [];
  let at = start;
  let balance = 0;
  for (const step of steps) {
    at += step.wait * hour;
    if (step.kind === 'catch-up') checkpoints.push({ at, seq: entries.length });
    else if (step.kind === 'earn') {
      balance += step.points;
      entries.push({ seq: entries.length + 1, type: 'POINTS_ACCRUAL', amount: step.points, at });
    } else if (balance > 0) {
      const taken = Math.min(balance, step.points);
      balance -= taken;
      entries.push({ seq: entries.length + 1, type: 'POINTS_REDEMPTION', amount: -taken, at });
    }
  }
  return { entries, checkpoints, end: at + 24 * hour * 200 };
}

/** Stored as the database stores it: JSON. */
const stored = (state: TierState): TierState => JSON.parse(JSON.stringify(state)) as TierState;

/** What the rules say directly, without the engine's fold, for every policy whose tier has no memory (not CUSTOM). */
function oracle(policy: TierPolicy, tiers: TierRange[], entries: TierLedgerEntry[], now: number): { tier: string | null; expires: number | null } {
  const sorted = sortTiers(tiers);
  const q = policy.qualification;
  if (q.type === 'BALANCE') return { tier: tierFor(entries.filter((e) => e.at <= now).reduce((s, e) => s + e.amount, 0), sorted), expires: null };
  const earnedIn = (periodAt: number) =>
    entries.filter((e) => earningTypes.has(e.type) && e.at <= now && periodStart(e.at, q.period) === periodStart(periodAt, q.period)).reduce((s, e) => s + e.amount, 0);
  const previous = (at: number, n: number) => {
    let p = periodStart(at, q.period);
    for (let i = 0; i < n; i++) p = periodStart(p - 1, q.period);
    return p;
  };
  if (policy.expiration.type === 'BALANCE_DROP') return { tier: tierFor(earnedIn(now), sorted), expires: null };
  const s = policy.start === 'NEXT_PERIOD' ? 1 : 0;
  const d = policy.expiration.type === 'END_OF_NEXT_PERIOD' ? 2 : 1;
  let best: { tier: string | null; expires: number | null } = { tier: null, expires: null };
  const rank = (id: string | null) => (id === null ? -1 : sorted.findIndex((t) => t.id === id));
  for (let ago = s; ago <= s + d - 1; ago++) {
    const tier = tierFor(earnedIn(previous(now, ago)), sorted);
    if (tier === null) continue;
    const expires = periodEnd(now, q.period, s + d - 1 - ago);
    if (rank(tier) > rank(best.tier) || (tier === best.tier && expires > (best.expires ?? 0))) best = { tier, expires };
  }
  return best;
}

describe('tier engine (property)', () => {
  it('a state folded piece by piece, stored and read back between catch-ups, equals the ledger folded in one go; both follow the rules', () => {
    fc.assert(
      fc.property(tiersArb, policyArb, stepsArb, (tiers, policy, steps) => {
        const { entries, checkpoints, end } = ledgerOf(steps);
        const whole = foldTier(initialTierState(start, policy), policy, tiers, entries, end);
        let state = initialTierState(start, policy);
        const pieces = [];
        for (const checkpoint of [...checkpoints, { at: end, seq: entries.length }]) {
          const folded = foldTier(stored(state), policy, tiers, entries.slice(0, checkpoint.seq), checkpoint.at);
          pieces.push(...folded.changes);
          state = folded.state;
        }
        expect(state).toEqual(whole.state);
        expect(pieces).toEqual(whole.changes);
        if (policy.expiration.type !== 'CUSTOM') {
          expect({ tier: whole.state.tier, expires: whole.state.expires }).toEqual(oracle(policy, tiers, entries, end));
          // And at every checkpoint on the way.
          for (const checkpoint of checkpoints) {
            const there = foldTier(initialTierState(start, policy), policy, tiers, entries.slice(0, checkpoint.seq), checkpoint.at).state;
            expect({ tier: there.tier, expires: there.expires }).toEqual(oracle(policy, tiers, entries.slice(0, checkpoint.seq), checkpoint.at));
          }
        }
      }),
      { numRuns: 400 },
    );
  });
});
