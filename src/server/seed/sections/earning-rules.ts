import { earningRuleAssignments, earningRules } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { Fixture } from '../fixture-schema';
import { ref, type SeedContext } from '../seed-context';

/** Replaces `trigger.custom_event.schema` (a schema name) with the schema's `schema_id`. */
function resolveTrigger(seed: SeedContext, trigger: Record<string, unknown>, where: string): Record<string, unknown> {
  const custom = trigger.custom_event as { schema?: string; schema_id?: string } | undefined;
  if (!custom?.schema) return trigger;
  return { ...trigger, custom_event: { schema_id: ref(seed.refs.eventSchemas, 'event schema', custom.schema, where) } };
}

export async function loadEarningRules(seed: SeedContext, list: Fixture['earning_rules']): Promise<void> {
  for (const r of list) {
    const id = r.id ?? newId('lern');
    const where = `earning rule '${r.name}'`;
    await seed.tx.insert(earningRules).values({
      id,
      projectId: seed.projectId,
      name: r.name,
      status: r.status,
      trigger: resolveTrigger(seed, r.trigger, where),
      earnings: r.earnings.map((e) => ({ id: newId('lernei'), ...e })),
      validityHours: r.validity_hours,
      startDate: r.start_date ? new Date(r.start_date) : null,
      endDate: r.end_date ? new Date(r.end_date) : null,
      triggerLimits: r.trigger_limits ?? null,
      metadata: r.metadata,
      createdAt: r.created_at ? new Date(r.created_at) : seed.now,
    });
    for (const name of r.campaigns) {
      await seed.tx.insert(earningRuleAssignments).values({ projectId: seed.projectId, earningRuleId: id, campaignId: ref(seed.refs.campaigns, 'campaign', name, where) });
    }
  }
}
