import { createHash } from 'node:crypto';
import type { Earning } from '../../contract/earning-rule';

/**
 * The v2 earning's `tier_rules` on v1 tiers. v2 names a tier structure (`lts_…`) and its tiers
 * (`lt_…`, hex); here a program's tiers are its tier structure. Both ids are derived one way from
 * ours (as card definitions are: card-definition.ts), so a rule names them stably across reloads.
 */
const hex = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);

/** The v2 tier structure id of a program's tiers. */
export function tierStructureIdOf(campaignId: string): string {
  return `lts_${hex(campaignId)}`;
}

/** The v2 tier id of a tier (`ltr_…`). */
export function v2TierIdOf(tierId: string): string {
  return `lt_${hex(tierId)}`;
}

/** The member's tier as an earning's tier_rules see it: their program's structure and tier (null: in none). */
export interface TierFacts {
  structureId: string;
  tierId: string | null;
}

/**
 * Whether an earning's tier_rules let it apply: NO_REQUIREMENTS (or none) always; ANY_OF when the
 * member is in one of the tiers it lists for their program's structure (a member outside every
 * tier, or of a program without tiers, is in none).
 */
export function tierRulesHold(tierRules: Earning['tier_rules'], facts: TierFacts | undefined): boolean {
  if (!tierRules || tierRules.type !== 'ANY_OF') return true;
  if (!facts?.tierId) return false;
  const v2Id = v2TierIdOf(facts.tierId);
  return tierRules.any_of.some((entry) => entry.tier_structure_id === facts.structureId && entry.tier_ids.includes(v2Id));
}

/**
 * Parts of earnings' tier_rules that name no tier structure or tier of the project (`known`:
 * structure id → its v2 tier ids): such an earning would silently never apply, so it is refused,
 * each problem starting with the path of its field.
 */
export function unknownTierReferences(earnings: readonly Pick<Earning, 'tier_rules'>[], known: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const problems: string[] = [];
  earnings.forEach((earning, i) => {
    if (earning.tier_rules?.type !== 'ANY_OF') return;
    earning.tier_rules.any_of.forEach((entry, j) => {
      const at = `earnings.${i}.tier_rules.any_of.${j}`;
      const tiers = known.get(entry.tier_structure_id);
      if (!tiers) {
        problems.push(`${at}.tier_structure_id: '${entry.tier_structure_id}' is no program's tiers`);
        return;
      }
      entry.tier_ids.forEach((id, k) => {
        if (!tiers.has(id)) problems.push(`${at}.tier_ids.${k}: '${id}' is no tier of that program`);
      });
    });
  });
  return problems;
}
