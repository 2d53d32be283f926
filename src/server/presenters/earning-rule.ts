import type { Earning, EarningRule, Effect, TriggerLimits } from '../../contract/earning-rule';
import type { EarningRuleRow } from '../db/repositories/earning-rules';
import { iso } from './timestamps';

/** Drops keys whose value is null or undefined (the contract types those sub-objects as objects). */
function compact<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as T;
}

function presentEffect(effect: Effect): Effect {
  if (effect.type === 'POINTS_PROPORTIONAL') return { type: effect.type, points_proportional: compact(effect.points_proportional) } as Effect;
  return compact(effect);
}

function presentEarning(earning: Earning): Earning {
  return {
    id: earning.id,
    name: earning.name ?? null,
    rules: earning.rules ?? null,
    tier_rules: earning.tier_rules ?? { type: 'NO_REQUIREMENTS' },
    effects: earning.effects.map(presentEffect),
  };
}

/** Both parts always present; in responses frequency.limits is always an array (api-facts §13). */
export function presentTriggerLimits(limits: TriggerLimits | null | undefined): EarningRule['trigger_limits'] {
  if (!limits) return null;
  return {
    cooldown: limits.cooldown ?? { type: 'NO_COOLDOWN' },
    frequency: limits.frequency ? { ...limits.frequency, limits: limits.frequency.limits ?? [] } : { type: 'NO_LIMIT', limits: [] },
  } as EarningRule['trigger_limits'];
}

/** GET /v2/loyalties/earning-rules/{id} (SERVICE_SPEC §2.9, api-facts §13). */
export function presentEarningRule(row: EarningRuleRow): EarningRule {
  const trigger = row.trigger as EarningRule['trigger'];
  const limits = row.triggerLimits as EarningRule['trigger_limits'];
  return {
    id: row.id,
    name: row.name,
    status: row.status as EarningRule['status'],
    earnings: (row.earnings as unknown as Earning[]).map(presentEarning),
    trigger: { ...trigger, custom_event: trigger.custom_event ?? null, segment: trigger.segment ?? null } as EarningRule['trigger'],
    error: (row.error as EarningRule['error']) ?? null,
    validity_hours: (row.validityHours as EarningRule['validity_hours']) ?? { type: 'ANY_TIME' },
    // Extension (README): rules written through the v1 API may earn on some days of the week only.
    ...(row.validityDayOfWeek && { validity_day_of_week: row.validityDayOfWeek }),
    start_date: iso(row.startDate),
    end_date: iso(row.endDate),
    trigger_limits: presentTriggerLimits(limits),
    metadata: row.metadata,
    created_at: row.createdAt.toISOString(),
    updated_at: iso(row.updatedAt),
    object: 'earning_rule',
  } as EarningRule;
}
