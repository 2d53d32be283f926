import type { CreateLoyaltyTier, LoyaltyTiersExpiration, TierMapping } from '../../contract/loyalty-tier';
import type { TierPolicy, TierRange } from './tier-engine';
import { parseDuration, type QualificationPeriod, type TierRounding } from './tier-periods';

/** A program without `loyalty_tiers_expiration`: the balance decides, at once, for as long as it holds. */
export const defaultTierPolicy: TierPolicy = { qualification: { type: 'BALANCE' }, start: 'IMMEDIATE', expiration: { type: 'BALANCE_DROP' } };

/**
 * The engine's policy from a stored `loyalty_tiers_expiration` (validated by its contract schema
 * when written, so a duration the engine cannot read is a stored-data fault and throws).
 */
export function tierPolicyOf(stored: LoyaltyTiersExpiration | null | undefined): TierPolicy {
  if (!stored) return defaultTierPolicy;
  const qualification: TierPolicy['qualification'] =
    stored.qualification_type === 'POINTS_IN_PERIOD' ? { type: 'POINTS_IN_PERIOD', period: stored.qualification_period as QualificationPeriod } : { type: 'BALANCE' };
  const start = stored.start_date?.type ?? 'IMMEDIATE';
  const expiration = stored.expiration_date;
  const type = expiration?.type ?? 'BALANCE_DROP';
  if (type !== 'CUSTOM') return { qualification, start, expiration: { type } };
  const extend = parseDuration(expiration?.extend ?? '');
  if (typeof extend === 'string') throw new Error(`stored loyalty_tiers_expiration.expiration_date.extend: ${extend}`);
  const r = expiration?.rounding;
  const rounding: TierRounding | null = !r ? null : r.type === 'CUSTOM' ? { type: 'CUSTOM', strategy: r.strategy, month: r.value ?? 0 } : { type: r.type, strategy: r.strategy };
  return { qualification, start, expiration: { type: 'CUSTOM', extend, rounding } };
}

/**
 * Ranges that overlap, among the new tiers and with the program's existing ones: each problem
 * names the new tier's `points` field (`[i].points`) and the tier it overlaps.
 */
export function overlappingRanges(existing: readonly (TierRange & { name: string })[], created: readonly CreateLoyaltyTier[]): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  const taken: (TierRange & { name: string; index?: number })[] = [...existing];
  created.forEach((tier, index) => {
    const range = { from: tier.points.from, to: tier.points.to ?? null };
    const clash = taken.find((other) => range.from <= (other.to ?? Infinity) && other.from <= (range.to ?? Infinity));
    if (clash) {
      const named = clash.index === undefined ? `the program's tier '${clash.name}'` : `tier ${clash.index} ('${clash.name}') of this request`;
      problems.push({ path: [index, 'points'], message: `${range.from}–${range.to ?? '∞'} overlaps ${named} (${clash.from}–${clash.to ?? '∞'}); a member's points must fall in one tier` });
    }
    taken.push({ id: `new-${index}`, name: tier.name, ...range, index });
  });
  return problems;
}

/** Points an earning rule earns for a member of a tier mapped to it: MULTIPLY rounds down, CUSTOM replaces what it earns. */
export function mappedEarning(points: number, mapping: TierMapping | undefined): number {
  if (!mapping || points <= 0) return points;
  return mapping.type === 'MULTIPLY' ? Math.floor(points * mapping.multiplier) : mapping.points;
}

/** A reward's price for a member of a tier mapped to it: MULTIPLY rounds up (a price never falls to a fraction), CUSTOM replaces it. */
export function mappedPrice(points: number, mapping: TierMapping | undefined): number {
  if (!mapping) return points;
  return mapping.type === 'MULTIPLY' ? Math.ceil(points * mapping.multiplier) : mapping.points;
}

/**
 * What one rule earns on a card, by how the points expire (one entry per bucket), as the member's
 * tier maps it: the total becomes mappedEarning(total), spread over the same buckets (MULTIPLY
 * scales each, the rounding remainder on the last; CUSTOM goes to the first), so the sum is exact.
 */
export function mapEarning<T extends { points: number }>(buckets: readonly T[], mapping: TierMapping | undefined): T[] {
  const total = buckets.reduce((a, b) => a + b.points, 0);
  if (!mapping || total <= 0) return [...buckets];
  const target = mappedEarning(total, mapping);
  if (mapping.type === 'CUSTOM') return [{ ...buckets[0], points: target }];
  let given = 0;
  return buckets.map((bucket, i) => {
    const share = i === buckets.length - 1 ? target - given : Math.floor(bucket.points * mapping.multiplier);
    given += share;
    return { ...bucket, points: share };
  });
}
