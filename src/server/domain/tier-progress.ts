import { sortTiers, tierFor, type TierPolicy, type TierRange, type TierState } from './tier-engine';
import { periodEnd } from './tier-periods';

/** Where a member stands against the program's tiers: what counts now, and what the next tier asks. */
export interface TierProgress {
  /** The points the tier rules count now: the balance (BALANCE) or the points earned this period (POINTS_IN_PERIOD). */
  qualifyingPoints: number;
  /** POINTS_IN_PERIOD: the exclusive end of the period the points count in; null for BALANCE. */
  periodEnds: number | null;
  /** The tier the counted points reach now (under NEXT_PERIOD, the member's tier from the next period on). */
  reached: string | null;
  /** The lowest tier above both the member's tier and the one reached, and the points still missing for it. */
  next: TierRange | null;
  pointsToNext: number | null;
}

/**
 * The member's progress from a caught-up tier state (tier-engine.ts): pure, so the dashboard's
 * "240 points to Gold by 31 Dec" is the engine's own count, never a second reading of the ledger.
 */
export function tierProgress(state: TierState, policy: TierPolicy, tiers: readonly TierRange[]): TierProgress {
  const sorted = sortTiers(tiers);
  const q = policy.qualification;
  const qualifyingPoints = q.type === 'BALANCE' ? state.balance : state.earned[0];
  const periodEnds = q.type === 'POINTS_IN_PERIOD' && state.periodStart !== null ? periodEnd(state.periodStart, q.period) : null;
  const reached = tierFor(qualifyingPoints, sorted);
  const floor = Math.max(
    sorted.findIndex((t) => t.id === state.tier),
    sorted.findIndex((t) => t.id === reached),
  );
  const next = sorted.slice(floor + 1).find((t) => t.from > qualifyingPoints) ?? null;
  return { qualifyingPoints, periodEnds, reached, next, pointsToNext: next ? next.from - qualifyingPoints : null };
}
