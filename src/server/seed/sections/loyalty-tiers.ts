import { loyaltyTiers } from '../../../platform/db/schema';
import { newId } from '../../../platform/ids';
import { overlappingRanges } from '../../domain/tier-policy';
import type { Fixture } from '../fixture-schema';
import { FixtureError, ref, type SeedContext } from '../seed-context';

/** Gives each fixture tier its id before earning rules load: their tier_rules may name tiers, whose mappings name rules. */
export function allocateLoyaltyTiers(seed: SeedContext, list: Fixture['loyalty_tiers']): void {
  for (const tier of list) {
    const key = `${tier.name}@${tier.campaign}`;
    if (seed.refs.loyaltyTiers.has(key)) throw new FixtureError(`loyalty tier '${tier.name}' of '${tier.campaign}' appears twice`);
    seed.refs.loyaltyTiers.set(key, tier.id ?? newId('ltr'));
  }
}

/** Loyalty tiers, stored as POST /v1/loyalties/{campaignId}/tiers stores them: ranges that never overlap, mappings of the program's own rules and rewards. */
export async function loadLoyaltyTiers(seed: SeedContext, list: Fixture['loyalty_tiers']): Promise<void> {
  const byCampaign = new Map<string, Fixture['loyalty_tiers']>();
  for (const tier of list) byCampaign.set(tier.campaign, [...(byCampaign.get(tier.campaign) ?? []), tier]);
  for (const [campaign, tiers] of byCampaign) {
    const campaignId = ref(seed.refs.campaigns, 'campaign', campaign, `loyalty tiers of '${campaign}'`);
    const [overlap] = overlappingRanges([], tiers);
    if (overlap) throw new FixtureError(`loyalty tier '${tiers[overlap.path[0] as number].name}' of '${campaign}': points ${overlap.message}`);
    for (const [index, tier] of tiers.entries()) {
      const where = `loyalty tier '${tier.name}' of '${campaign}'`;
      const earningRules = Object.fromEntries(Object.entries(tier.earning_rules).map(([name, mapping]) => [ref(seed.refs.earningRules, 'earning rule', name, where), mapping]));
      const rewards = Object.fromEntries(
        Object.entries(tier.rewards).map(([name, mapping]) => [ref(seed.refs.rewardAssignments, `reward offered by '${campaign}'`, `${name}@${campaign}`, where), mapping]),
      );
      await seed.tx.insert(loyaltyTiers).values({
        id: seed.refs.loyaltyTiers.get(`${tier.name}@${campaign}`) as string,
        projectId: seed.projectId,
        campaignId,
        name: tier.name,
        pointsFrom: tier.points.from,
        pointsTo: tier.points.to ?? null,
        earningRules,
        rewards,
        metadata: tier.metadata,
        // Listed lowest first: created in that order.
        createdAt: new Date(seed.now.getTime() + index),
      });
    }
  }
}
