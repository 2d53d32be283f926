import type { Earning, EarningValidityHours, Trigger, TriggerLimits } from '../../contract/earning-rule';
import type { V1EarningRule, V1EarningRuleList } from '../../contract/earning-rule-v1';
import type { EarningRuleRow } from '../db/repositories/earning-rules';
import { v1EventOf, v1ExpirationRulesOf, v1LoyaltyOf, v1SlidingExpirationOf, v1ValidityHoursOf } from '../domain/earning-rule-v1';
import { effectExpiration } from '../domain/earning-effects';
import { presentTriggerLimits } from './earning-rule';
import { iso } from './timestamps';

/**
 * The v1 view of a stored rule, as seen from the campaign the request named (`source.object_id`).
 * v1 shows one effect: a rule made by a fixture with several earnings shows its first one here and
 * all of them in the v2 read. `automation_id` is derived from the rule id (the real API's automation
 * has no other use here). `trigger_limits` and `sliding_expiration` are extensions (README).
 */
export function presentEarningRuleV1(row: EarningRuleRow, campaignId: string, schemaNames: ReadonlyMap<string, string>): V1EarningRule {
  const trigger = row.trigger as Trigger;
  const [effect] = (row.earnings as unknown as Earning[])[0]?.effects ?? [];
  const validityHours = v1ValidityHoursOf(row.validityHours as EarningValidityHours);
  const expirationRules = effect ? v1ExpirationRulesOf(effectExpiration(effect)) : undefined;
  const sliding = effect ? v1SlidingExpirationOf(effectExpiration(effect)) : undefined;
  const limits = presentTriggerLimits(row.triggerLimits as TriggerLimits | null);
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    updated_at: iso(row.updatedAt),
    validation_rule_id: null,
    loyalty: (effect && v1LoyaltyOf(effect)) ?? { type: 'FIXED', points: 0 },
    event: v1EventOf(trigger, schemaNames),
    ...(trigger.event === 'customer.custom_event' && { custom_event: { schema_id: trigger.custom_event.schema_id } }),
    ...(trigger.event === 'customer.segment.entered' && { segment: { id: trigger.segment.id } }),
    source: { banner: row.name, object_id: campaignId, object_type: 'campaign' },
    active: row.status === 'ACTIVE',
    ...(row.startDate && { start_date: row.startDate.toISOString() }),
    ...(row.endDate && { expiration_date: row.endDate.toISOString() }),
    ...(row.validityDayOfWeek && { validity_day_of_week: row.validityDayOfWeek }),
    ...(validityHours && { validity_hours: validityHours }),
    ...(expirationRules && { expiration_rules: expirationRules }),
    ...(sliding && { sliding_expiration: sliding }),
    ...(row.pendingPoints && { pending_points: row.pendingPoints }),
    metadata: row.metadata,
    ...(limits && { trigger_limits: limits }),
    object: 'earning_rule',
    automation_id: `auto_${row.id.slice('lern_'.length)}`,
  };
}

export function presentEarningRuleListV1(rows: EarningRuleRow[], total: number, campaignId: string, schemaNames: ReadonlyMap<string, string>): V1EarningRuleList {
  return { object: 'list', data_ref: 'data', data: rows.map((row) => presentEarningRuleV1(row, campaignId, schemaNames)), total };
}
