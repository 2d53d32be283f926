import { describe, expect, it } from 'vitest';
import { v1CreateEarningRuleSchema, type V1ExpirationRules, type V1Loyalty } from '../../contract/earning-rule-v1';
import { ruleIsLive } from './earning-rule-window';
import { unsupportedParts } from './earning-rule-support';
import { createProblems, pointsExpirationOf, storedEffectOf, storedValidityHoursOf, v1ExpirationRulesOf, v1LoyaltyOf, v1ValidityHoursOf, withPoints } from './earning-rule-v1';

const card = 'lcdef_1';

describe('v1 loyalty ↔ stored effect', () => {
  it.each<V1Loyalty>([
    { type: 'FIXED', points: 5 },
    { type: 'PROPORTIONAL', calculation_type: 'CUSTOM_EVENT_METADATA', custom_event: { metadata: { every: 2, points: 3, property: 'amount' } } },
    { type: 'PROPORTIONAL', calculation_type: 'CUSTOMER_METADATA', customer: { metadata: { every: 1, points: 1, property: 'visits' } } },
    { type: 'PROPORTIONAL', calculation_type: 'ORDER_TOTAL_AMOUNT', order: { total_amount: { every: 100, points: 1 } } },
    { type: 'PROPORTIONAL', calculation_type: 'ORDER_ITEMS_QUANTITY', order_items: { quantity: { every: 1, points: 2, object: 'sku', id: 'sku_1' } } },
  ])('%j survives the round trip', (loyalty) => {
    const effect = storedEffectOf(loyalty, { type: 'NO_EXPIRATION' }, card);
    expect(v1LoyaltyOf(effect)).toEqual(loyalty);
  });

  it('maps the v1 names to the v2 calculation types', () => {
    const effect = storedEffectOf({ type: 'PROPORTIONAL', calculation_type: 'CUSTOM_EVENT_METADATA', custom_event: { metadata: { every: 2, points: 3, property: 'amount' } } }, { type: 'NO_EXPIRATION' }, card);
    expect(effect).toEqual({
      type: 'POINTS_PROPORTIONAL',
      points_proportional: { calculation_type: 'CUSTOM_EVENT_METADATA_VALUE', card_definition_id: card, points_expiration: { type: 'NO_EXPIRATION' }, custom_event: { metadata: { every: 2, value: 3, property: 'amount' } } },
    });
  });

  it('withPoints changes the points and keeps the calculation', () => {
    expect(withPoints({ type: 'FIXED', points: 1 }, 9)).toEqual({ type: 'FIXED', points: 9 });
    expect(withPoints({ type: 'PROPORTIONAL', calculation_type: 'CUSTOMER_METADATA', customer: { metadata: { every: 10, points: 1, property: 'v' } } }, 4)).toEqual({
      type: 'PROPORTIONAL',
      calculation_type: 'CUSTOMER_METADATA',
      customer: { metadata: { every: 10, points: 4, property: 'v' } },
    });
  });
});

describe('v1 expiration_rules ↔ points_expiration', () => {
  it.each<V1ExpirationRules>([
    { period_type: 'MONTH', period_value: 3 },
    { period_type: 'MONTH', period_value: 6, rounding_type: 'END_OF_QUARTER' },
    { period_type: 'MONTH', period_value: 1, rounding_type: 'PARTICULAR_MONTH', rounding_value: 12 },
    { period_type: 'FIXED_DAY_OF_YEAR', fixed_month: 6, fixed_day: 30 },
  ])('%j survives the round trip', (rules) => {
    expect(v1ExpirationRulesOf(pointsExpirationOf(rules))).toEqual(rules);
  });

  it('says nothing of what v1 cannot express', () => {
    expect(v1ExpirationRulesOf({ type: 'ROLLING_EXPIRATION', rolling_expiration: { period: { unit: 'DAY', value: 30 } } })).toBeUndefined();
    expect(v1ExpirationRulesOf({ type: 'NO_EXPIRATION' })).toBeUndefined();
    expect(pointsExpirationOf(null)).toEqual({ type: 'NO_EXPIRATION' });
  });
});

describe('validity', () => {
  it('v1 hours are v2 DAILY windows with end_time for expiration_time', () => {
    const v1 = { daily: [{ start_time: '22:00', expiration_time: '02:00', days_of_week: [5, 6] }] };
    expect(storedValidityHoursOf(v1)).toEqual({ type: 'DAILY', daily: [{ days_of_week: [5, 6], start_time: '22:00', end_time: '02:00' }] });
    expect(v1ValidityHoursOf(storedValidityHoursOf(v1))).toEqual(v1);
    expect(storedValidityHoursOf(null)).toEqual({ type: 'ANY_TIME' });
  });

  it('ruleIsLive honours the days of the week (UTC) besides dates and hours', () => {
    const rule = { status: 'ACTIVE', startDate: null, endDate: null, validityHours: null, validityDayOfWeek: [1] };
    expect(ruleIsLive(rule, new Date('2026-03-02T23:59:59Z'))).toBe(true); // Monday
    expect(ruleIsLive(rule, new Date('2026-03-03T00:00:00Z'))).toBe(false); // Tuesday
    expect(ruleIsLive({ ...rule, validityDayOfWeek: null }, new Date('2026-03-03T00:00:00Z'))).toBe(true);
  });
});

describe('what a v1 create may ask for', () => {
  const parse = (rule: object) => v1CreateEarningRuleSchema.parse(rule);
  it('refuses what the engine does not evaluate, naming the field', () => {
    expect(createProblems(parse({ event: 'order.paid', loyalty: { type: 'FIXED', points: 1 }, pending_points: { period_type: 'DAY', period_value: 14 } }))).toEqual([]);
    expect(createProblems(parse({ event: 'order.paid', loyalty: { type: 'PROPORTIONAL', calculation_type: 'ORDER_ITEMS_QUANTITY', order_items: { quantity: { every: 1, points: 2, object: 'sku', id: 'sku_1' } } } })).map((p) => p.path.join('.'))).toEqual([
      'loyalty.order_items.quantity.object',
    ]);
    expect(createProblems(parse({ event: 'order.paid', segment: { id: 'seg_1' }, loyalty: { type: 'PROPORTIONAL', calculation_type: 'CUSTOM_EVENT_METADATA', custom_event: { metadata: { every: 1, points: 1, property: 'x' } } } })).map((p) => p.path.join('.'))).toEqual([
      'segment',
      'loyalty.calculation_type',
    ]);
    expect(createProblems(parse({ event: 'x', custom_event: { schema_id: 'ms_1' }, loyalty: { type: 'FIXED', points: 1 }, validity_timeframe: { duration: 'PT1H', interval: 'P1D' } })).map((p) => p.path.join('.'))).toEqual([
      'validity_timeframe',
    ]);
    expect(createProblems(parse({ event: 'customer.segment.entered', loyalty: { type: 'FIXED', points: 1 } }))).toEqual([{ path: ['segment'], message: 'required', missing: true }]);
    expect(createProblems(parse({ event: 'x', custom_event: { schema_id: 'ms_1' }, loyalty: { type: 'FIXED', points: '7' } }))).toEqual([]);
  });

  it('the loaded-rule check takes order.paid triggers with what they can count, and refuses order conditions elsewhere', () => {
    const earning = { id: 'lernei_1', effects: [{ type: 'POINTS' as const, points: { value: 1, card_definition_id: card } }] };
    expect(unsupportedParts({ trigger: { event: 'customer.order.paid' }, earnings: [earning] })).toEqual([]);
    expect(
      unsupportedParts({ trigger: { event: 'customer.order.paid' }, earnings: [{ ...earning, rules: { logic: '1 and 2', 1: { name: 'order.amount', conditions: { $more_than: [100] } }, 2: { name: 'order.items.cheapest' } } }] }),
    ).toEqual(["earnings.0.rules.2.name: 'order.items.cheapest' does not apply to a customer.order.paid trigger"]);
    const segment = { event: 'customer.segment.entered' as const, segment: { id: 'seg_1' } };
    expect(unsupportedParts({ trigger: segment, earnings: [earning] })).toEqual([]);
    expect(unsupportedParts({ trigger: segment, earnings: [{ ...earning, rules: { logic: '1', 1: { name: 'custom_event.metadata', property: 'x' } } }] })).toEqual([
      "earnings.0.rules.1.name: 'custom_event.metadata' does not apply to a customer.segment.entered trigger",
    ]);
  });
});
