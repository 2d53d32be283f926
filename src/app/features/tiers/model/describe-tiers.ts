import type { LoyaltyTier, LoyaltyTiersExpiration, TierMapping } from '../../../../contract/loyalty-tier';

/**
 * A program's tiers in words a marketer reads ("Gold: 1,000 points earned in a calendar year;
 * 1.5× points from Points per euro; keeps the tier until the end of next year"), from the tiers
 * and the program's `loyalty_tiers_expiration`, as the service applies them (README, "Loyalty tiers").
 */

type Period = 'MONTH' | 'QUARTER' | 'HALF_YEAR' | 'YEAR';
const periodWords: Record<Period, { a: string; the: string; next: string; of: string }> = {
  MONTH: { a: 'a calendar month', the: 'the month', next: 'next month', of: 'month' },
  QUARTER: { a: 'a calendar quarter', the: 'the quarter', next: 'next quarter', of: 'quarter' },
  HALF_YEAR: { a: 'a half year (January–June or July–December)', the: 'the half year', next: 'the next half year', of: 'half year' },
  YEAR: { a: 'a calendar year', the: 'the year', next: 'next year', of: 'year' },
};
const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const numberFormat = new Intl.NumberFormat('en-US');
const n = (value: number) => numberFormat.format(value);

/** A program's policy as the service reads it: without `loyalty_tiers_expiration`, the balance decides, for as long as it holds. */
export function policyOf(expiration: LoyaltyTiersExpiration | undefined) {
  const period = expiration?.qualification_type === 'POINTS_IN_PERIOD' ? ((expiration.qualification_period ?? 'YEAR') as Period) : null;
  return { period, start: expiration?.start_date?.type ?? 'IMMEDIATE', end: expiration?.expiration_date ?? null };
}

/** What counts for a tier: "a balance of" / "points earned in a calendar year". */
function rangeWords(tier: Pick<LoyaltyTier, 'points'>, period: Period | null): string {
  const { from, to } = tier.points;
  const amount = to === undefined ? `${n(from)} or more points` : from === to ? `${n(from)} points` : `${n(from)}–${n(to)} points`;
  return period ? `${amount} earned in ${periodWords[period].a}` : `a balance of ${amount}`;
}

/** A duration such as P3M in words: "3 months". */
export function sayDuration(text: string): string {
  const match = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(text);
  if (!match) return text;
  const units = ['year', 'month', 'week', 'day', 'hour', 'minute', 'second'];
  const parts = match.slice(1).flatMap((value, i) => (value && Number(value) > 0 ? [`${n(Number(value))} ${units[i]}${Number(value) === 1 ? '' : 's'}`] : []));
  return parts.join(' ') || text;
}

/** How long a member keeps a tier, in words. */
export function keepsWords(expiration: LoyaltyTiersExpiration | undefined): string {
  const { period, end } = policyOf(expiration);
  switch (end?.type ?? 'BALANCE_DROP') {
    case 'END_OF_PERIOD':
      return `keeps the tier until the end of ${period ? periodWords[period].the : 'the period'}`;
    case 'END_OF_NEXT_PERIOD':
      return `keeps the tier until the end of ${period ? periodWords[period].next : 'the next period'}`;
    case 'CUSTOM': {
      const rounding = end?.rounding;
      const to = !rounding
        ? ''
        : rounding.type === 'CUSTOM'
          ? `, to the ${rounding.strategy === 'START' ? 'start' : 'end'} of ${months[rounding.value ?? 0]}`
          : `, to the ${rounding.strategy === 'START' ? 'start' : 'end'} of that ${periodWords[rounding.type].of}`;
      return `keeps the tier for ${sayDuration(end?.extend ?? '')} after the points fall below it${to}`;
    }
    default:
      return period ? 'keeps the tier while the points earned in the period stay in its range' : 'keeps the tier while the balance stays in its range';
  }
}

/** The program's rule in one sentence, for the top of its tiers. */
export function describePolicy(expiration: LoyaltyTiersExpiration | undefined): string {
  const { period, start } = policyOf(expiration);
  const counts = period ? `Members reach a tier by the points they earn in ${periodWords[period].a} (spending does not take them back)` : 'Members reach a tier by their current balance';
  const when = start === 'NEXT_PERIOD' && period ? `, and move into it when ${periodWords[period].next} starts` : ', at once';
  return `${counts}${when}; a member ${keepsWords(expiration)}.`;
}

export function mappingWords(mapping: TierMapping): string {
  return mapping.type === 'MULTIPLY' ? `${n(mapping.multiplier)}× points` : `${n(mapping.points)} points instead`;
}

/** A reward's price for a tier, as the service charges it: MULTIPLY rounds up, CUSTOM replaces it. */
export function tierPrice(points: number, mapping: TierMapping | undefined): number {
  if (!mapping) return points;
  return mapping.type === 'MULTIPLY' ? Math.ceil(points * mapping.multiplier) : mapping.points;
}

export interface NamedReward {
  assignmentId: string;
  name: string;
  points: number | null;
}

/** Each tier's earnings and prices in words, the mapped ones only. */
export function describeTierMappings(tier: Pick<LoyaltyTier, 'earning_rules' | 'rewards'>, ruleNames: ReadonlyMap<string, string>, rewards: readonly NamedReward[]): { earning: string[]; prices: string[] } {
  const earning = Object.entries(tier.earning_rules).map(([ruleId, mapping]) => {
    const rule = ruleNames.get(ruleId) ?? 'an earning rule';
    return mapping.type === 'MULTIPLY' ? `${n(mapping.multiplier)}× points from ${rule}` : `${n(mapping.points)} points from ${rule} (instead of its own)`;
  });
  const prices = Object.entries(tier.rewards).map(([assignmentId, mapping]) => {
    const reward = rewards.find((r) => r.assignmentId === assignmentId);
    if (!reward || reward.points === null) return `${reward?.name ?? 'A reward'}: ${mappingWords(mapping)}`;
    return `${reward.name} for ${n(tierPrice(reward.points, mapping))} points (instead of ${n(reward.points)})`;
  });
  return { earning, prices };
}

/** "Gold: 1,000 points earned in a calendar year; 1.5× points from Points per euro; keeps the tier until the end of next year". */
export function describeTier(tier: LoyaltyTier, expiration: LoyaltyTiersExpiration | undefined, ruleNames: ReadonlyMap<string, string>, rewards: readonly NamedReward[]): string {
  const { period, start } = policyOf(expiration);
  const { earning, prices } = describeTierMappings(tier, ruleNames, rewards);
  const from = start === 'NEXT_PERIOD' && period ? `from ${periodWords[period].next} on` : null;
  return [`${tier.name}: ${rangeWords(tier, period)}`, from, ...earning, ...prices, keepsWords(expiration)].filter(Boolean).join('; ');
}

/** The range alone, for the table: "200–499 points earned in a calendar year". */
export function describeRange(tier: Pick<LoyaltyTier, 'points'>, expiration: LoyaltyTiersExpiration | undefined): string {
  return rangeWords(tier, policyOf(expiration).period);
}
