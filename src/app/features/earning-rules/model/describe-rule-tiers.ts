import type { LoyaltyTier } from '../../../../contract/loyalty-tier';

const numberFormat = new Intl.NumberFormat('en-US');

/**
 * What the tiers of the rule's programs do to it, one line per program whose tiers map it:
 * "In Coffee Club, Gold members earn 1.5× these points, Platinum members 2×." (MULTIPLY rounds
 * down; CUSTOM gives its points instead of the rule's.) Empty when no tier maps the rule.
 */
export function describeRuleTiers(ruleId: string, programs: readonly { name: string; tiers: readonly LoyaltyTier[] }[]): string[] {
  return programs.flatMap(({ name, tiers }) => {
    const mappings = tiers.flatMap((tier) => (tier.earning_rules[ruleId] ? [{ tier: tier.name, mapping: tier.earning_rules[ruleId] }] : []));
    if (mappings.length === 0) return [];
    const parts = mappings.map(({ tier, mapping }) =>
      mapping.type === 'MULTIPLY' ? `${tier} members earn ${numberFormat.format(mapping.multiplier)}× these points` : `${tier} members earn ${numberFormat.format(mapping.points)} points instead`,
    );
    // Only a multiplier can give a fraction of a point; CUSTOM points are whole already.
    const rounding = mappings.some(({ mapping }) => mapping.type === 'MULTIPLY') ? ' (rounded down)' : '';
    return [`In ${name}, ${parts.join(', ')}${rounding}.`];
  });
}
