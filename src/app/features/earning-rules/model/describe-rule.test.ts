import { describe, expect, it } from 'vitest';
import type { Effect, PointsExpiration, RulesGroup, TriggerLimits } from '../../../../contract/earning-rule';
import { describeActivePeriod, describeEffect, describeExpiration, describeLimits, describeRules, describeTrigger } from './describe-rule';

const card = 'lcdef_1';

describe('describeEffect', () => {
  it.each<[Effect, string]>([
    [{ type: 'POINTS', points: { value: 10, card_definition_id: card } }, '10 points'],
    [{ type: 'POINTS', points: { value: 1, card_definition_id: card } }, '1 point'],
    [
      { type: 'POINTS_PROPORTIONAL', points_proportional: { calculation_type: 'CUSTOM_EVENT_METADATA_VALUE', card_definition_id: card, custom_event: { metadata: { every: 10, value: 2, property: 'amount' } } } },
      "2 points for every 10 of the event's 'amount'",
    ],
    [
      { type: 'POINTS_PROPORTIONAL', points_proportional: { calculation_type: 'CUSTOMER_METADATA_VALUE', card_definition_id: card, customer: { metadata: { every: 10, value: 1, property: 'visits' } } } },
      "1 point for every 10 of the customer's 'visits'",
    ],
    [{ type: 'POINTS_PROPORTIONAL', points_proportional: { calculation_type: 'PRE_DISCOUNT_ORDER_AMOUNT', card_definition_id: card, order: { amount: { every: 100, value: 1.5 } } } }, '1.5 points for every 1.00 spent'],
    [{ type: 'POINTS_PROPORTIONAL', points_proportional: { calculation_type: 'POST_DISCOUNT_ORDER_AMOUNT', card_definition_id: card, order: { total_amount: { every: 1050, value: 10 } } } }, '10 points for every 10.50 spent after discounts'],
    [{ type: 'POINTS_PROPORTIONAL', points_proportional: { calculation_type: 'ORDER_METADATA_VALUE', card_definition_id: card, order: { metadata: { every: 1, value: 3, property: 'cups' } } } }, "3 points for every 1 of the order's 'cups'"],
    [
      { type: 'POINTS_PROPORTIONAL', points_proportional: { calculation_type: 'PRE_DISCOUNT_ORDER_ITEMS_AMOUNT', card_definition_id: card, order_items: { amount: { every: 100, value: 2, applicable_to: [{ object: 'product', id: 'prod_coffee' }] } } } },
      '2 points for every 1.00 spent on Coffee of the day',
    ],
    [
      { type: 'POINTS_PROPORTIONAL', points_proportional: { calculation_type: 'POST_DISCOUNT_ORDER_ITEMS_AMOUNT', card_definition_id: card, order_items: { subtotal_amount: { every: 500, value: 1, applicable_to: [{ type: 'product', product: { id: 'prod_coffee' } }] } } } },
      '1 point for every 5.00 spent on Coffee of the day after discounts',
    ],
    [
      { type: 'POINTS_PROPORTIONAL', points_proportional: { calculation_type: 'ORDER_ITEMS_QUANTITY', card_definition_id: card, order_items: { quantity: { every: 1, value: 5, applicable_to: [{ object: 'product', id: 'prod_coffee' }] } } } },
      '5 points for each Coffee of the day bought',
    ],
    [
      { type: 'POINTS_PROPORTIONAL', points_proportional: { calculation_type: 'ORDER_ITEMS_QUANTITY', card_definition_id: card, order_items: { quantity: { every: 2, value: 5, applicable_to: [{ object: 'product', id: 'prod_gone' }] } } } },
      '5 points for every 2 items of the chosen product bought',
    ],
    [{ type: 'POINTS_PROPORTIONAL', points_proportional: { calculation_type: 'ORDER_ITEMS_QUANTITY', card_definition_id: card, order_items: { quantity: { every: 3, value: 1 } } } }, '1 point for every 3 items bought'],
  ])('%j → %s', (effect, text) => {
    expect(describeEffect(effect, new Map([['prod_coffee', 'Coffee of the day']]))).toBe(text);
  });
});

describe('describeExpiration', () => {
  const rolling = (unit: 'DAY' | 'MONTH' | 'YEAR', value: number, rounding?: object) => ({ type: 'ROLLING_EXPIRATION', rolling_expiration: { period: { unit, value }, rounding } }) as PointsExpiration;
  const sliding = (unit: 'DAY' | 'MONTH' | 'YEAR', value: number, flags: object) =>
    ({ type: 'SLIDING_EXPIRATION', sliding_expiration: { earning_activity: false, spending_activity: false, custom_activity: false, custom_activity_types: null, period: { unit, value }, ...flags } }) as PointsExpiration;
  it.each<[PointsExpiration | null, string]>([
    [null, 'points never expire'],
    [{ type: 'NO_EXPIRATION' }, 'points never expire'],
    [rolling('MONTH', 3, { type: 'END_OF_MONTH' }), 'points expire at the end of the month, 3 months after they are earned'],
    [rolling('DAY', 30), 'points expire 30 days after they are earned'],
    [rolling('YEAR', 1, { type: 'END_OF_YEAR' }), 'points expire at the end of the year, 1 year after they are earned'],
    [rolling('MONTH', 1, { type: 'END_OF_QUARTER' }), 'points expire at the end of the quarter, 1 month after they are earned'],
    [rolling('MONTH', 2, { type: 'END_OF_HALF_YEAR' }), 'points expire at the end of the half-year, 2 months after they are earned'],
    [rolling('MONTH', 2, { type: 'END_OF_PARTICULAR_MONTH', value: 6 }), 'points expire at the end of June, 2 months after they are earned'],
    [{ type: 'CALENDAR_EXPIRATION', calendar_expiration: { expiration_dates: [{ day: 30, month: 6 }, { day: 31, month: 12 }] } }, 'points expire on the next 30 June or 31 December'],
    [sliding('MONTH', 6, { earning_activity: true }), 'points expire after 6 months without earning points'],
    [sliding('MONTH', 6, { earning_activity: true, spending_activity: true }), 'points expire after 6 months without earning or spending points'],
    [sliding('DAY', 30, { spending_activity: true, custom_activity: true, custom_activity_types: ['app_open'] }), "points expire after 30 days without spending points or 'app_open' events"],
    [sliding('YEAR', 1, { custom_activity: true, custom_activity_types: ['visit', 'review', 'app_open'] }), "points expire after 1 year without 'visit', 'review' or 'app_open' events"],
  ])('%j → %s', (expiration, text) => {
    expect(describeExpiration(expiration)).toBe(text);
  });
});

describe('describeLimits', () => {
  const limited = (max: number, unit: 'DAY' | 'WEEK' | 'MONTH' | 'QUARTER' | 'YEAR') => ({
    type: 'LIMITED' as const,
    limits: [{ type: 'TIME_BASED' as const, period: { type: 'CURRENT_PERIOD' as const, current_period: { unit } }, triggers: { max } }],
  });
  it.each<[TriggerLimits | null, string[]]>([
    [null, []],
    [{ cooldown: { type: 'NO_COOLDOWN' }, frequency: { type: 'NO_LIMIT', limits: [] } }, []],
    [{ frequency: limited(3, 'DAY') }, ['at most 3 times a day']],
    [{ frequency: limited(1, 'YEAR') }, ['at most once a year']],
    [{ frequency: limited(2, 'WEEK') }, ['at most twice a week']],
    [{ cooldown: { type: 'FIXED_COOLDOWN', fixed_cooldown: { period: { unit: 'HOUR', value: 12 } } } }, ['once every 12 hours']],
    [{ cooldown: { type: 'FIXED_COOLDOWN', fixed_cooldown: { period: { unit: 'DAY', value: 1 } } }, frequency: limited(10, 'MONTH') }, ['at most 10 times a month', 'once every day']],
  ])('%j → %j', (limits, lines) => {
    expect(describeLimits(limits)).toEqual(lines);
  });
});

describe('describeRules and describeTrigger', () => {
  it('puts each numbered rule into the logic formula', () => {
    const group = {
      logic: '1 and (2 or 3)',
      1: { name: 'custom_event.metadata', property: 'rating', conditions: { $more_than_or_equal: [1] } },
      2: { name: 'customer.metadata', property: 'tier', conditions: { $is: ['gold'] } },
      3: { name: 'customer.metadata', property: 'tier', conditions: { $in: ['silver', 'bronze'] } },
    } as RulesGroup;
    expect(describeRules(group)).toBe("(the event's 'rating' is at least 1) and ((the customer's 'tier' is gold) or (the customer's 'tier' is one of silver or bronze))");
    expect(describeRules({ logic: '1', 1: { name: 'custom_event.metadata', property: 'rating', conditions: { $more_than_or_equal: [1] } } } as RulesGroup)).toBe("the event's 'rating' is at least 1");
    expect(describeRules(null)).toBe('always');
  });

  it('names the custom event by its schema', () => {
    expect(describeTrigger({ event: 'customer.custom_event', custom_event: { schema_id: 'ms_1' } }, new Map([['ms_1', 'app_review']]))).toBe("custom event 'app_review'");
    expect(describeTrigger({ event: 'customer.custom_event', custom_event: { schema_id: 'ms_2' } }, new Map())).toBe("custom event 'ms_2'");
  });

  it('says when the rule is active', () => {
    expect(describeActivePeriod({ start_date: '2026-01-01T00:00:00.000Z', end_date: '2027-12-31T23:59:59.000Z' })).toBe('from 1 Jan 2026, 00:00 UTC until 31 Dec 2027, 23:59 UTC');
    expect(describeActivePeriod({ start_date: null, end_date: null })).toBe('no start or end date');
  });
});
