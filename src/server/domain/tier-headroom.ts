import { nextBoundary, sortTiers, tierFor, type TierPolicy, type TierRange, type TierState } from './tier-engine';

/** No bound: the points could grow without the tier ever changing (stored as a number, far beyond any card's). */
export const unboundedHeadroom = Number.MAX_SAFE_INTEGER;

/**
 * How many points the member may still earn before the tier rules could give another tier or
 * date: the qualifying value (the balance, or the points earned this period) may grow while it
 * stays in the same tier range (or gap between ranges). Within it, before the next boundary
 * (`nextBoundary`: a period end or the end of a grace), folding an earning changes no tier and no
 * date: the policy derives the tier from which range the qualifying values fall in (BALANCE_DROP
 * and CUSTOM from the current one; period expirations from this period's and earlier ones, the
 * earlier ones unchanged), so the fold is only arithmetic (balance and earned grow, the instant
 * moves, the sequence number is the new transaction's). The one-statement event path relies on
 * this to fold such an earning in its own statement (db/repositories/event-accruals.ts). Spending
 * is not covered: it can lower the balance across a range's lower end.
 */
export function tierHeadroom(state: TierState, policy: TierPolicy, tiers: readonly TierRange[]): number {
  const sorted = sortTiers(tiers);
  const q = policy.qualification.type === 'BALANCE' ? state.balance : state.earned[0];
  const inTier = sorted.find((t) => t.id === tierFor(q, sorted));
  const ceiling = inTier ? inTier.to : (sorted.find((t) => t.from > q)?.from ?? Infinity) - 1;
  if (ceiling === null || ceiling === Infinity) return unboundedHeadroom;
  return Math.max(0, ceiling - q);
}

/** Whether folding `points` earned at `at` into `state` is arithmetic only (see tierHeadroom): no boundary passed, the range kept. */
export function foldsWithoutChange(state: TierState, policy: TierPolicy, tiers: readonly TierRange[], points: number, at: number): boolean {
  const boundary = nextBoundary(state, policy);
  return points >= 0 && points <= tierHeadroom(state, policy, tiers) && (boundary === null || boundary > Math.max(at, state.asOf));
}
