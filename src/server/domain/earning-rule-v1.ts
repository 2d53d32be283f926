import { formatValidationDetail } from '../../contract/validation-details';
import type { EarningValidityHours, Effect, PointsExpiration, SlidingExpiration, Trigger } from '../../contract/earning-rule';
import {
  v1OrderPaidEvent,
  v1SegmentEnteredEvent,
  v1TierEvents,
  type V1CalculationType,
  type V1CreateEarningRule,
  type V1ExpirationRules,
  type V1Loyalty,
  type V1UpdateEarningRule,
  type V1ValidityHours,
} from '../../contract/earning-rule-v1';

/**
 * The v1 earning rule is a view of the stored (v2-shaped) rule: one trigger and one loyalty
 * effect. This module checks what of a v1 request the engine can evaluate, and maps between the
 * two shapes, both ways. Pure: lookups (schemas, segments) are the service's.
 */

export type V1TriggerKind = 'custom_event' | 'segment_entered' | 'order_paid' | 'loyalty_tier';

export function triggerKindOf(event: string): V1TriggerKind {
  if (event === v1OrderPaidEvent) return 'order_paid';
  if (event === v1SegmentEnteredEvent) return 'segment_entered';
  if ((v1TierEvents as readonly string[]).includes(event)) return 'loyalty_tier';
  return 'custom_event';
}

/** One reason a request cannot be stored, at the path of the offending field. */
export interface V1Problem {
  path: (string | number)[];
  message: string;
  /** The field is missing rather than wrong. */
  missing?: boolean;
}

/** In the words of the service's other validation errors (src/contract/validation-details). */
export function describeProblem(problem: V1Problem): string {
  const path = problem.path.map(String);
  if (problem.missing) return formatValidationDetail({ kind: 'required', path: path.slice(0, -1), property: path[path.length - 1] });
  return formatValidationDetail({ kind: 'invalid', path, message: problem.message });
}

/** The calculations the engine evaluates for each trigger (services/earn-points, domain/earning-effects). */
const calculationsFor: Record<'custom_event' | 'segment_entered' | 'order_paid', readonly V1CalculationType[]> = {
  custom_event: ['CUSTOM_EVENT_METADATA', 'CUSTOMER_METADATA'],
  segment_entered: ['CUSTOMER_METADATA'],
  order_paid: ['ORDER_AMOUNT', 'ORDER_TOTAL_AMOUNT', 'ORDER_METADATA', 'ORDER_ITEMS_AMOUNT', 'ORDER_ITEMS_SUBTOTAL_AMOUNT', 'ORDER_ITEMS_QUANTITY', 'CUSTOMER_METADATA'],
};
const triggerWords = { custom_event: 'a custom event rule', segment_entered: 'a customer.segment.entered rule', order_paid: 'an order.paid rule' };

function loyaltyProblems(loyalty: V1Loyalty | undefined, kind: V1TriggerKind): V1Problem[] {
  if (!loyalty || loyalty.type === 'FIXED' || kind === 'loyalty_tier') return [];
  const allowed = calculationsFor[kind];
  if (!allowed.includes(loyalty.calculation_type)) {
    return [{ path: ['loyalty', 'calculation_type'], message: `${loyalty.calculation_type} does not apply to ${triggerWords[kind]}; use FIXED points or ${allowed.join(' or ')}` }];
  }
  // Items are counted by product: this service keeps no SKUs or product collections.
  const items = 'order_items' in loyalty && loyalty.order_items ? Object.entries(loyalty.order_items)[0] : undefined;
  if (items && items[1].object !== 'product') {
    return [{ path: ['loyalty', 'order_items', items[0], 'object'], message: `only products are counted (this service keeps no SKUs or product collections), not ${items[1].object}` }];
  }
  return [];
}

/** Settings of the v1 contract the engine does not evaluate: refused rather than stored and ignored. */
function settingProblems(rule: V1UpdateEarningRule, kind: V1TriggerKind): V1Problem[] {
  const problems: V1Problem[] = [];
  if (rule.validation_rule_id) problems.push({ path: ['validation_rule_id'], message: 'validation rules are not supported by this service; leave it out' });
  if (rule.validity_timeframe) problems.push({ path: ['validity_timeframe'], message: 'recurring timeframes are not supported; use validity_day_of_week and validity_hours' });
  if (rule.pending_points && kind !== 'order_paid') problems.push({ path: ['pending_points'], message: 'only order.paid rules hold points pending; leave it out' });
  if (rule.sliding_expiration && rule.expiration_rules) problems.push({ path: ['sliding_expiration'], message: 'not allowed with expiration_rules: points expire one way; send one of them' });
  return problems;
}

function dateProblems(start: string | Date | null | undefined, end: string | Date | null | undefined): V1Problem[] {
  if (!start || !end) return [];
  return new Date(start) > new Date(end) ? [{ path: ['expiration_date'], message: 'must not be before start_date' }] : [];
}

/** What is wrong with one item of a create request, before any lookup. */
export function createProblems(rule: V1CreateEarningRule): V1Problem[] {
  const kind = triggerKindOf(rule.event);
  const problems: V1Problem[] = [];
  if (kind === 'loyalty_tier') problems.push({ path: ['event'], message: `${rule.event} is not supported: this service has no loyalty tiers` });
  else if (rule.loyalty_tier) problems.push({ path: ['loyalty_tier'], message: 'only loyalty tier events take a loyalty_tier, and they are not supported' });
  if (kind === 'order_paid') {
    if (rule.custom_event) problems.push({ path: ['custom_event'], message: `not allowed with event ${v1OrderPaidEvent}` });
    if (rule.segment) problems.push({ path: ['segment'], message: 'only customer.segment.entered rules take a segment' });
  }
  if (kind === 'segment_entered') {
    if (!rule.segment) problems.push({ path: ['segment'], message: 'required', missing: true });
    if (rule.custom_event) problems.push({ path: ['custom_event'], message: `not allowed with event ${v1SegmentEnteredEvent}` });
  }
  if (kind === 'custom_event') {
    if (!rule.custom_event) problems.push({ path: ['custom_event'], message: 'required', missing: true });
    if (rule.segment) problems.push({ path: ['segment'], message: 'only customer.segment.entered rules take a segment' });
  }
  problems.push(...loyaltyProblems(rule.loyalty, kind), ...settingProblems(rule, kind), ...dateProblems(rule.start_date, rule.expiration_date));
  return problems;
}

/** What is wrong with an update of a rule whose trigger is `kind` and dates are `current`. */
export function updateProblems(patch: V1UpdateEarningRule, kind: V1TriggerKind, current: { startDate: Date | null; endDate: Date | null }): V1Problem[] {
  const start = patch.start_date === undefined ? current.startDate : patch.start_date;
  const end = patch.expiration_date === undefined ? current.endDate : patch.expiration_date;
  const loyalty = patch.loyalty && 'type' in patch.loyalty ? patch.loyalty : undefined;
  return [...loyaltyProblems(loyalty, kind), ...settingProblems(patch, kind), ...dateProblems(start, end)];
}

/** A loyalty with other points: FIXED points, or the points per `every` of a proportional one. */
export function withPoints(loyalty: V1Loyalty, points: number): V1Loyalty {
  if (loyalty.type === 'FIXED') return { ...loyalty, points };
  const copy = structuredClone(loyalty) as Record<string, unknown>;
  const source = Object.keys(copy).find((key) => key !== 'type' && key !== 'calculation_type') as string;
  const sub = copy[source] as Record<string, { points: number }>;
  for (const every of Object.values(sub)) every.points = points;
  return copy as V1Loyalty;
}

// ---------- v1 → stored (v2) ----------

export function storedTriggerOf(rule: V1CreateEarningRule, schemaId: string | undefined): Trigger {
  if (triggerKindOf(rule.event) === 'segment_entered') return { event: 'customer.segment.entered', segment: { id: rule.segment?.id as string } };
  if (triggerKindOf(rule.event) === 'order_paid') return { event: 'customer.order.paid' };
  return { event: 'customer.custom_event', custom_event: { schema_id: schemaId as string } };
}

const roundingOf: Record<string, string> = {
  END_OF_MONTH: 'END_OF_MONTH',
  END_OF_QUARTER: 'END_OF_QUARTER',
  END_OF_HALF_YEAR: 'END_OF_HALF_YEAR',
  END_OF_YEAR: 'END_OF_YEAR',
  PARTICULAR_MONTH: 'END_OF_PARTICULAR_MONTH',
};

/** The stored expiration of a v1 request: `sliding_expiration` (an extension) when given, else `expiration_rules`. */
export function pointsExpirationOf(rules: V1ExpirationRules | null | undefined, sliding?: SlidingExpiration | null): PointsExpiration {
  if (sliding) return { type: 'SLIDING_EXPIRATION', sliding_expiration: sliding };
  if (!rules) return { type: 'NO_EXPIRATION' };
  if (rules.period_type === 'FIXED_DAY_OF_YEAR') {
    return { type: 'CALENDAR_EXPIRATION', calendar_expiration: { expiration_dates: [{ day: rules.fixed_day as number, month: rules.fixed_month as number }] } };
  }
  const rounding = rules.rounding_type
    ? rules.rounding_type === 'PARTICULAR_MONTH'
      ? { type: 'END_OF_PARTICULAR_MONTH' as const, value: rules.rounding_value as number }
      : { type: roundingOf[rules.rounding_type] as 'END_OF_MONTH' }
    : undefined;
  return { type: 'ROLLING_EXPIRATION', rolling_expiration: { period: { unit: 'MONTH', value: rules.period_value as number }, ...(rounding && { rounding }) } };
}

const v2Calculation: Record<V1CalculationType, string> = {
  ORDER_AMOUNT: 'PRE_DISCOUNT_ORDER_AMOUNT',
  ORDER_TOTAL_AMOUNT: 'POST_DISCOUNT_ORDER_AMOUNT',
  ORDER_METADATA: 'ORDER_METADATA_VALUE',
  ORDER_ITEMS_AMOUNT: 'PRE_DISCOUNT_ORDER_ITEMS_AMOUNT',
  ORDER_ITEMS_SUBTOTAL_AMOUNT: 'POST_DISCOUNT_ORDER_ITEMS_AMOUNT',
  ORDER_ITEMS_QUANTITY: 'ORDER_ITEMS_QUANTITY',
  CUSTOMER_METADATA: 'CUSTOMER_METADATA_VALUE',
  CUSTOM_EVENT_METADATA: 'CUSTOM_EVENT_METADATA_VALUE',
};

/** The v1 `{every, points}` pair is the v2 `{every, value}`; items name what they count in `applicable_to`. */
function v2Every(v1: { every: number; points: number; property?: string; object?: string; id?: string }) {
  const every: Record<string, unknown> = { every: v1.every, value: v1.points };
  if (v1.property !== undefined) every.property = v1.property;
  if (v1.object !== undefined) every.applicable_to = [{ object: v1.object, id: v1.id }];
  return every;
}

/** The stored effect of a v1 `loyalty` with its expiration, on the project's card definition. */
export function storedEffectOf(loyalty: V1Loyalty, expiration: PointsExpiration, cardDefinitionId: string): Effect {
  if (loyalty.type === 'FIXED') return { type: 'POINTS', points: { value: loyalty.points, card_definition_id: cardDefinitionId, points_expiration: expiration } };
  const [source, sub] = Object.entries(loyalty).find(([key]) => key !== 'type' && key !== 'calculation_type') as [string, Record<string, Parameters<typeof v2Every>[0]>];
  const [field, every] = Object.entries(sub)[0];
  return {
    type: 'POINTS_PROPORTIONAL',
    points_proportional: {
      calculation_type: v2Calculation[loyalty.calculation_type],
      card_definition_id: cardDefinitionId,
      points_expiration: expiration,
      [source]: { [field]: v2Every(every) },
    },
  } as unknown as Effect;
}

export function storedValidityHoursOf(hours: V1ValidityHours | null | undefined): EarningValidityHours {
  if (!hours) return { type: 'ANY_TIME' };
  return { type: 'DAILY', daily: hours.daily.map((w) => ({ days_of_week: w.days_of_week, start_time: w.start_time, end_time: w.expiration_time })) };
}

// ---------- stored (v2) → v1 ----------

const v1Calculation = Object.fromEntries(Object.entries(v2Calculation).map(([v1, v2]) => [v2, v1])) as Record<string, V1CalculationType>;

/** The v1 `loyalty` of a stored effect; null for effects v1 cannot show (benefits). */
export function v1LoyaltyOf(effect: Effect): V1Loyalty | null {
  if (effect.type === 'POINTS') return { type: 'FIXED', points: effect.points.value };
  if (effect.type !== 'POINTS_PROPORTIONAL') return null;
  const p = effect.points_proportional as unknown as Record<string, unknown> & { calculation_type: string };
  const source = (['order', 'order_items', 'customer', 'custom_event'] as const).find((key) => p[key]);
  if (!source) return null;
  const [field, every] = Object.entries(p[source] as Record<string, { every: number; value: number; property?: string; applicable_to?: { object?: string; id?: string }[] }>)[0];
  const v1: Record<string, unknown> = { every: every.every, points: every.value };
  if (every.property !== undefined) v1.property = every.property;
  const item = every.applicable_to?.[0];
  if (item) Object.assign(v1, { object: item.object, id: item.id });
  return { type: 'PROPORTIONAL', calculation_type: v1Calculation[p.calculation_type], [source]: { [field]: v1 } } as V1Loyalty;
}

/** The v1 `expiration_rules` of a stored expiration, when v1 can say it (months, one calendar date). */
export function v1ExpirationRulesOf(expiration: PointsExpiration | null | undefined): V1ExpirationRules | undefined {
  if (!expiration) return undefined;
  if (expiration.type === 'CALENDAR_EXPIRATION' && expiration.calendar_expiration.expiration_dates.length === 1) {
    const [{ day, month }] = expiration.calendar_expiration.expiration_dates;
    return { period_type: 'FIXED_DAY_OF_YEAR', fixed_month: month, fixed_day: day };
  }
  if (expiration.type !== 'ROLLING_EXPIRATION') return undefined;
  const { period, rounding } = expiration.rolling_expiration;
  const months = period.unit === 'MONTH' ? period.value : period.unit === 'YEAR' ? period.value * 12 : null;
  if (months === null || months > 12) return undefined;
  const rules: V1ExpirationRules = { period_type: 'MONTH', period_value: months };
  if (rounding?.type === 'END_OF_PARTICULAR_MONTH') return { ...rules, rounding_type: 'PARTICULAR_MONTH', rounding_value: rounding.value };
  if (rounding) return { ...rules, rounding_type: rounding.type };
  return rules;
}

/** The v1 view's `sliding_expiration` (an extension) of a stored expiration. */
export function v1SlidingExpirationOf(expiration: PointsExpiration | null | undefined): SlidingExpiration | undefined {
  return expiration?.type === 'SLIDING_EXPIRATION' ? expiration.sliding_expiration : undefined;
}

export function v1ValidityHoursOf(hours: EarningValidityHours | null | undefined): V1ValidityHours | undefined {
  if (!hours || hours.type === 'ANY_TIME') return undefined;
  return { daily: hours.daily.map((w) => ({ start_time: w.start_time, expiration_time: w.end_time, days_of_week: w.days_of_week })) };
}

/** The v1 `event`: a custom event's name (from its schema), or the v1 name of the trigger. */
export function v1EventOf(trigger: Trigger, schemaNames: ReadonlyMap<string, string>): string {
  switch (trigger.event) {
    case 'customer.custom_event':
      return schemaNames.get(trigger.custom_event.schema_id) ?? trigger.custom_event.schema_id;
    case 'customer.order.paid':
      return v1OrderPaidEvent;
    case 'customer.segment.entered':
      return v1SegmentEnteredEvent;
  }
}

export function v1TriggerKindOfStored(trigger: Trigger): V1TriggerKind {
  return trigger.event === 'customer.custom_event' ? 'custom_event' : trigger.event === 'customer.order.paid' ? 'order_paid' : 'segment_entered';
}
