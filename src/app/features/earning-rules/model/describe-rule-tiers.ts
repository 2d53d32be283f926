import type { LoyaltyTier } from '../../../../contract/loyalty-tier';

const numberFormat = new Intl.NumberFormat('en-US');

/**
 * What the tiers of the rule's programs do to it, one line per program whose tiers map it:
 * "In Coffee Club, Gold members earn 1.5× these points, Platinum members 2×." (MULTIPLY rounds
 * down; CUSTOM gives its points instead of the rule's.) Empty when no tier maps the rule.
 */
export function describeRuleTiers(ruleId: string, programs: readonly { name: string; tiers: readonly LoyaltyTier[] }[]): string[] {
  return programs.flatMap(({ name, tiers }) => {
    const parts = tiers.flatMap((tier) => {
      const mapping = tier.earning_rules[ruleId];
      if (!mapping) return [];
      return [mapping.type === 'MULTIPLY' ? `${tier.name} members earn ${numberFormat.format(mapping.multiplier)}× these points` : `${tier.name} members earn ${numberFormat.format(mapping.points)} points instead`];
    });
    if (parts.length === 0) return [];
    return [`In ${name}, ${parts.join(', ')} (rounded down).`];
  });
}
