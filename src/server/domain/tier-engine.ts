import { addDuration, periodEnd, periodStart, roundInstant, type Duration, type QualificationPeriod, type TierRounding } from './tier-periods';

/**
 * The loyalty tier engine: a member's tier as a function of their card's ledger and the clock,
 * without I/O (docs/architecture.md, "Loyalty tiers"). The state after folding a ledger up to an
 * instant is the same whether it was folded in one go or piece by piece at any instants in between
 * (the stored state is such a fold, continued by each catch-up), and it holds only qualifying
 * values, so the tier is re-derived from the program's tiers as they are now.
 */

/** The program's tier policy (the campaign's `loyalty_tiers_expiration`, as tier-policy.ts reads it). */
export interface TierPolicy {
  qualification: { type: 'BALANCE' } | { type: 'POINTS_IN_PERIOD'; period: QualificationPeriod };
  start: 'IMMEDIATE' | 'NEXT_PERIOD';
  expiration: { type: 'BALANCE_DROP' } | { type: 'END_OF_PERIOD' } | { type: 'END_OF_NEXT_PERIOD' } | { type: 'CUSTOM'; extend: Duration; rounding: TierRounding | null };
}

/** A tier's range of qualifying points; `to` null has no upper bound. */
export interface TierRange {
  id: string;
  from: number;
  to: number | null;
}

/** One card transaction as the engine reads it: its order, type, signed amount and time. */
export interface TierLedgerEntry {
  seq: number;
  type: string;
  amount: number;
  at: number;
}

/** Card transactions whose points count as earned for POINTS_IN_PERIOD (spending, expiry and refunds do not). */
export const earningTypes: ReadonlySet<string> = new Set(['POINTS_ACCRUAL', 'PENDING_POINTS_ACTIVATION', 'POINTS_ADDITION', 'POINTS_TRANSFER_IN']);

export interface TierState {
  /** The instant the state describes; entries dated earlier are placed here (time only moves forward). */
  asOf: number;
  /** The last card transaction folded in. */
  seq: number;
  balance: number;
  /** POINTS_IN_PERIOD: the current period's start, and the points earned in it, the one before and the one before that. */
  periodStart: number | null;
  earned: [number, number, number];
  tier: string | null;
  /** When the member entered the current tier (or, NEXT_PERIOD, when it started). */
  since: number | null;
  /** The exclusive end of the current tier; null while it holds without end. */
  expires: number | null;
  /** CUSTOM: the end of the tier kept after the points dropped below it. */
  grace: number | null;
}

export type TierChangeType = 'joined' | 'upgraded' | 'downgraded' | 'prolonged' | 'left' | 'expiration.changed';

export interface TierChange {
  type: TierChangeType;
  from: string | null;
  to: string | null;
  at: number;
  since: number | null;
  expires: number | null;
  previousExpires: number | null;
}

export function initialTierState(at: number, policy: TierPolicy): TierState {
  const periodOf = policy.qualification.type === 'POINTS_IN_PERIOD' ? periodStart(at, policy.qualification.period) : null;
  return { asOf: at, seq: 0, balance: 0, periodStart: periodOf, earned: [0, 0, 0], tier: null, since: null, expires: null, grace: null };
}

/** Tiers in order, lowest first (by `from`). */
export function sortTiers(tiers: readonly TierRange[]): TierRange[] {
  return [...tiers].sort((a, b) => a.from - b.from || a.id.localeCompare(b.id));
}

/** The tier whose range holds `points` (ranges never overlap), or null. */
export function tierFor(points: number, tiers: readonly TierRange[]): string | null {
  for (const tier of tiers) if (points >= tier.from && (tier.to === null || points <= tier.to)) return tier.id;
  return null;
}

function rank(tierId: string | null, tiers: readonly TierRange[]): number {
  return tierId === null ? -1 : tiers.findIndex((t) => t.id === tierId);
}

/** For period expirations: from which past periods a qualification still holds, and until when. */
function periodGrants(state: TierState, policy: TierPolicy, period: QualificationPeriod, tiers: readonly TierRange[]): { tier: string | null; expires: number | null } {
  const startOffset = policy.start === 'NEXT_PERIOD' ? 1 : 0;
  const length = policy.expiration.type === 'END_OF_NEXT_PERIOD' ? 2 : 1;
  let best: { tier: string | null; expires: number | null } = { tier: null, expires: null };
  for (let ago = startOffset; ago <= startOffset + length - 1; ago++) {
    const tier = tierFor(state.earned[ago], tiers);
    if (tier === null) continue;
    const expires = periodEnd(state.periodStart as number, period, startOffset + length - 1 - ago);
    const better = rank(tier, tiers) > rank(best.tier, tiers) || (tier === best.tier && expires > (best.expires ?? 0));
    if (better) best = { tier, expires };
  }
  return best;
}

/** The tier the rules give at `at`, and (CUSTOM) the grace they start or keep. */
function derive(state: TierState, policy: TierPolicy, tiers: readonly TierRange[], at: number): { tier: string | null; expires: number | null; grace: number | null } {
  const { qualification, expiration } = policy;
  if (expiration.type === 'END_OF_PERIOD' || expiration.type === 'END_OF_NEXT_PERIOD') {
    return { ...periodGrants(state, policy, (qualification as { period: QualificationPeriod }).period, tiers), grace: null };
  }
  const qualified = tierFor(qualification.type === 'BALANCE' ? state.balance : state.earned[0], tiers);
  if (expiration.type === 'BALANCE_DROP') return { tier: qualified, expires: null, grace: null };
  // CUSTOM: the tier holds while qualified; after a drop, until `extend` later (rounded), then follows the points.
  if (rank(qualified, tiers) >= rank(state.tier, tiers)) return { tier: qualified, expires: null, grace: null };
  let grace = state.grace;
  if (grace === null) {
    const extended = addDuration(at, expiration.extend);
    grace = Math.max(at, expiration.rounding ? roundInstant(extended, expiration.rounding) : extended);
  }
  if (at >= grace) return { tier: qualified, expires: null, grace: null };
  return { tier: state.tier, expires: grace, grace };
}

function changeType(before: TierState, after: { tier: string | null; expires: number | null }, tiers: readonly TierRange[]): TierChangeType | null {
  if (before.tier !== after.tier) {
    if (before.tier === null) return 'joined';
    if (after.tier === null) return 'left';
    return rank(after.tier, tiers) > rank(before.tier, tiers) ? 'upgraded' : 'downgraded';
  }
  if (after.tier === null || before.expires === after.expires) return null;
  // Later (or no longer ending) is a prolongation; any other move of the date is a change of it.
  return after.expires === null || (before.expires !== null && after.expires > before.expires) ? 'prolonged' : 'expiration.changed';
}

function evaluate(state: TierState, policy: TierPolicy, tiers: readonly TierRange[], at: number, changes: TierChange[]): TierState {
  const next = derive(state, policy, tiers, at);
  const type = changeType(state, next, tiers);
  const since = state.tier !== next.tier ? (next.tier === null ? null : at) : state.since;
  if (type) changes.push({ type, from: state.tier, to: next.tier, at, since, expires: next.expires, previousExpires: state.expires });
  return { ...state, tier: next.tier, expires: next.expires, grace: next.grace, since };
}

/** The next instant the clock alone may change the tier: a period end, or the end of a grace. */
export function nextBoundary(state: TierState, policy: TierPolicy): number | null {
  const candidates: number[] = [];
  if (policy.qualification.type === 'POINTS_IN_PERIOD' && state.periodStart !== null) candidates.push(periodEnd(state.periodStart, policy.qualification.period));
  if (state.grace !== null) candidates.push(state.grace);
  return candidates.length === 0 ? null : Math.min(...candidates);
}

/** Moves the state to `to`, through every boundary on the way, each at its own instant. */
export function advanceTier(state: TierState, policy: TierPolicy, tiers: readonly TierRange[], to: number, changes: TierChange[]): TierState {
  let current = state;
  for (let boundary = nextBoundary(current, policy); boundary !== null && boundary <= to; boundary = nextBoundary(current, policy)) {
    const q = policy.qualification;
    if (q.type === 'POINTS_IN_PERIOD' && current.periodStart !== null && boundary === periodEnd(current.periodStart, q.period)) {
      current = { ...current, periodStart: boundary, earned: [0, current.earned[0], current.earned[1]] };
    }
    current = evaluate({ ...current, asOf: boundary }, policy, tiers, boundary, changes);
  }
  return to > current.asOf ? { ...current, asOf: to } : current;
}

/** One card transaction: the clock moved to its time (or the state's, if later), then its points counted. */
export function applyTierEntry(state: TierState, policy: TierPolicy, tiers: readonly TierRange[], entry: TierLedgerEntry, changes: TierChange[]): TierState {
  const advanced = advanceTier(state, policy, tiers, entry.at, changes);
  const earned: [number, number, number] = earningTypes.has(entry.type) && entry.amount > 0 ? [advanced.earned[0] + entry.amount, advanced.earned[1], advanced.earned[2]] : advanced.earned;
  const counted = { ...advanced, seq: entry.seq, balance: advanced.balance + entry.amount, earned };
  return evaluate(counted, policy, tiers, counted.asOf, changes);
}

/**
 * The fold: the entries after `state.seq` in order, then the clock to `now`. Also re-derives the
 * tier at the end, so tiers added to the program since the last fold apply from now on.
 */
export function foldTier(state: TierState, policy: TierPolicy, tiers: readonly TierRange[], entries: readonly TierLedgerEntry[], now: number): { state: TierState; changes: TierChange[] } {
  const sorted = sortTiers(tiers);
  const changes: TierChange[] = [];
  // The rules at the state's own instant first (a tier from 0 points holds from the card's start; evaluating again changes nothing).
  let current = evaluate(state, policy, sorted, state.asOf, changes);
  for (const entry of entries) if (entry.seq > current.seq) current = applyTierEntry(current, policy, sorted, entry, changes);
  current = advanceTier(current, policy, sorted, now, changes);
  current = evaluate(current, policy, sorted, current.asOf, changes);
  return { state: current, changes };
}
