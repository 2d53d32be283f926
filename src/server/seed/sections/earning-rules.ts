import { z } from 'zod';
import { earningSchema, earningValidityHoursSchema, triggerLimitsSchema, triggerSchema } from '../../../contract/earning-rule';
import { earningRuleAssignments, earningRules } from '../../../platform/db/schema';
import { cardDefinitionOf } from '../../domain/card-definition';
import { slidingActivityTypesOf, unsupportedParts } from '../../domain/earning-rule-support';
import { registerSlidingActivityTypes } from '../../db/repositories/sliding-activity';
import { tierStructureIdOf, unknownTierReferences, v2TierIdOf } from '../../domain/tier-rules';
import { newId } from '../../../platform/ids';
import type { Fixture } from '../fixture-schema';
import { FixtureError, ref, type SeedContext } from '../seed-context';

type Json = Record<string, unknown>;

/** A fixture rule after references are resolved, checked against the v2 contract's own schemas. */
const storedRuleSchema = z.object({
  trigger: triggerSchema,
  earnings: z.array(earningSchema).min(1),
  validity_hours: earningValidityHoursSchema,
  trigger_limits: triggerLimitsSchema.nullable(),
});

/** Replaces `trigger.custom_event.schema` (a schema name) with the schema's `schema_id`. */
function resolveTrigger(seed: SeedContext, trigger: Json, where: string): Json {
  const custom = trigger.custom_event as { schema?: string; schema_id?: string } | undefined;
  if (!custom?.schema) return trigger;
  return { ...trigger, custom_event: { schema_id: ref(seed.refs.eventSchemas, 'event schema', custom.schema, where) } };
}

/**
 * An earning's tier_rules may name tiers as `{program, tiers}` (a program's name, its tiers' names)
 * instead of v2 ids: resolved to the tier structure and tier ids (tier-rules.ts).
 */
function resolveTierRules(seed: SeedContext, earning: Json, where: string): Json {
  const rules = earning.tier_rules as { type?: string; any_of?: Json[] } | null | undefined;
  if (rules?.type !== 'ANY_OF' || !Array.isArray(rules.any_of)) return earning;
  const anyOf = rules.any_of.map((entry) => {
    if (typeof entry.program !== 'string') return entry;
    const campaignId = ref(seed.refs.campaigns, 'campaign', entry.program, where);
    const names = (entry.tiers as string[] | undefined) ?? [];
    return { tier_structure_id: tierStructureIdOf(campaignId), tier_ids: names.map((name) => v2TierIdOf(ref(seed.refs.loyaltyTiers, `tier of '${entry.program as string}'`, `${name}@${entry.program as string}`, where))) };
  });
  return { ...earning, tier_rules: { ...rules, any_of: anyOf } };
}

/** The program tiers a fixture's tier_rules may name: each program's structure id and its tiers' v2 ids. */
function knownTiers(seed: SeedContext): Map<string, Set<string>> {
  const known = new Map<string, Set<string>>();
  for (const [key, tierId] of seed.refs.loyaltyTiers) {
    const campaignId = seed.refs.campaigns.get(key.slice(key.indexOf('@') + 1));
    if (!campaignId) continue;
    const structure = tierStructureIdOf(campaignId);
    known.set(structure, (known.get(structure) ?? new Set()).add(v2TierIdOf(tierId)));
  }
  return known;
}

/** Gives each earning an id and each points effect the project's card definition, unless set. */
function completeEarning(earning: Json, cardDefinitionId: string): Json {
  const effects = ((earning.effects as Json[] | undefined) ?? []).map((effect) => {
    const completed = { ...effect };
    for (const key of ['points', 'points_proportional'] as const) {
      const sub = effect[key] as Json | null | undefined;
      if (sub && typeof sub === 'object') completed[key] = { card_definition_id: cardDefinitionId, ...sub };
    }
    return completed;
  });
  return { id: newId('lernei'), ...earning, effects };
}

function parseRule(seed: SeedContext, r: Fixture['earning_rules'][number], where: string) {
  const cardDefinitionId = cardDefinitionOf(seed.projectId);
  const parsed = storedRuleSchema.safeParse({
    trigger: resolveTrigger(seed, r.trigger, where),
    earnings: r.earnings.map((e) => completeEarning(resolveTierRules(seed, e, where), cardDefinitionId)),
    validity_hours: r.validity_hours,
    trigger_limits: r.trigger_limits ?? null,
  });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(rule)'}: ${i.message}`);
    throw new FixtureError(`${where} does not match the v2 earning rule:\n${lines.join('\n')}`);
  }
  const problems = [...unsupportedParts(parsed.data), ...unknownTierReferences(parsed.data.earnings, knownTiers(seed))];
  if (problems.length) throw new FixtureError(`${where} uses what the engine cannot evaluate:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  if (r.start_date && r.end_date && new Date(r.start_date) > new Date(r.end_date)) throw new FixtureError(`${where}: start_date is after end_date`);
  if (r.pending_points && parsed.data.trigger.event !== 'customer.order.paid') throw new FixtureError(`${where}: only customer.order.paid rules hold points pending`);
  return parsed.data;
}

export async function loadEarningRules(seed: SeedContext, list: Fixture['earning_rules']): Promise<void> {
  for (const r of list) {
    const id = r.id ?? newId('lern');
    const where = `earning rule '${r.name}'`;
    const rule = parseRule(seed, r, where);
    await seed.tx.insert(earningRules).values({
      id,
      projectId: seed.projectId,
      name: r.name,
      status: r.status,
      trigger: rule.trigger,
      earnings: rule.earnings as unknown as Json[],
      validityHours: rule.validity_hours,
      validityDayOfWeek: r.validity_day_of_week ?? null,
      startDate: r.start_date ? new Date(r.start_date) : null,
      endDate: r.end_date ? new Date(r.end_date) : null,
      triggerLimits: rule.trigger_limits,
      pendingPoints: r.pending_points ?? null,
      metadata: r.metadata,
      createdAt: r.created_at ? new Date(r.created_at) : seed.now,
    });
    await registerSlidingActivityTypes(seed.tx, seed.projectId, slidingActivityTypesOf(rule.earnings));
    seed.refs.earningRules.set(r.name, id);
    for (const name of r.campaigns) {
      await seed.tx.insert(earningRuleAssignments).values({ projectId: seed.projectId, earningRuleId: id, campaignId: ref(seed.refs.campaigns, 'campaign', name, where) });
    }
  }
}
