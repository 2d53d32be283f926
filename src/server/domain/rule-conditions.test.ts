import { describe, expect, it } from 'vitest';
import type { Conditions, RulesGroup } from '../../contract/earning-rule';
import { conditionsHold, rulesAskForSegments, rulesHold, type RuleFacts } from './rule-conditions';
import { LogicSyntaxError, parseLogic, ruleIdsOf } from './rule-logic';

describe('conditionsHold: operators', () => {
  it.each<[string, Conditions | undefined, unknown, boolean]>([
    ['$is equal string', { $is: ['gold'] }, 'gold', true],
    ['$is different string', { $is: ['gold'] }, 'silver', false],
    ['$is number vs numeric string', { $is: [5] }, '5', true],
    ['$is boolean', { $is: [true] }, true, true],
    ['$is on a missing value', { $is: ['gold'] }, undefined, false],
    ['$is on an array value: any element', { $is: ['b'] }, ['a', 'b'], true],
    ['$is with an object reference compares its id', { $is: [{ id: 'seg_1', object: 'segment' }] }, ['seg_1'], true],
    ['$is_not different', { $is_not: ['gold'] }, 'silver', true],
    ['$is_not equal', { $is_not: ['gold'] }, 'gold', false],
    ['$is_not on a missing value', { $is_not: ['gold'] }, undefined, true],
    ['$in one of', { $in: ['gold', 'silver'] }, 'silver', true],
    ['$in none of', { $in: ['gold', 'silver'] }, 'bronze', false],
    ['$not_in none of', { $not_in: ['gold', 'silver'] }, 'bronze', true],
    ['$not_in one of', { $not_in: ['gold', 'silver'] }, 'gold', false],
    ['$less_than below', { $less_than: [10] }, 9.5, true],
    ['$less_than equal', { $less_than: [10] }, 10, false],
    ['$less_than_or_equal equal', { $less_than_or_equal: [10] }, 10, true],
    ['$less_than_or_equal above', { $less_than_or_equal: [10] }, 11, false],
    ['$more_than above', { $more_than: [3] }, 4, true],
    ['$more_than equal', { $more_than: [3] }, 3, false],
    ['$more_than_or_equal equal', { $more_than_or_equal: [1] }, 1, true],
    ['$more_than_or_equal below', { $more_than_or_equal: [1] }, 0, false],
    ['$more_than with a numeric string', { $more_than: [3] }, '4', true],
    ['$more_than on text', { $more_than: [3] }, 'four', false],
    ['$more_than on a missing value', { $more_than: [3] }, undefined, false],
    ['$more_than on dates', { $more_than: ['2026-01-01'] }, '2026-06-01', true],
    ['range: both bounds hold', { $more_than_or_equal: [1], $less_than: [5] }, 3, true],
    ['range: one bound fails', { $more_than_or_equal: [1], $less_than: [5] }, 5, false],
    ['$dow: a Saturday date', { $dow: [0, 6] }, '2026-11-21', true],
    ['$dow: a Friday date-time', { $dow: [0, 6] }, '2026-11-20T23:00:00Z', false],
    ['$dow: not a date', { $dow: [6] }, 42, false],
    ['$from is refused (undocumented)', { $from: ['x'] }, 'x', false],
    ['no conditions: value present', undefined, 0, true],
    ['no conditions: value missing', undefined, undefined, false],
  ])('%s', (_name, conditions, actual, expected) => {
    expect(conditionsHold(conditions, actual)).toBe(expected);
  });
});

describe('rule logic', () => {
  it.each([
    ['1', ['1']],
    ['1 and 2', ['1', '2']],
    ['1 AND (2 or not 3)', ['1', '2', '3']],
  ])('parses %s', (logic, ids) => {
    expect(ruleIdsOf(parseLogic(logic))).toEqual(ids);
  });
  it.each(['', '1 and', '(1 or 2', '1 2', '1 xor 2', 'and 1'])('refuses %j', (logic) => {
    expect(() => parseLogic(logic)).toThrow(LogicSyntaxError);
  });
});

describe('rulesHold', () => {
  const facts: RuleFacts = {
    eventSchemaId: 'ms_review',
    eventMetadata: { rating: 4, text: 'good' },
    customerMetadata: { tier: 'gold', visits: 12 },
    customerSegmentIds: ['seg_vip'],
  };
  const group = (logic: string, rules: Record<string, object>) => ({ logic, ...rules }) as RulesGroup;
  const ratingAtLeast = (n: number) => ({ name: 'custom_event.metadata', property: 'rating', conditions: { $more_than_or_equal: [n] } });
  const tier = (t: string) => ({ name: 'customer.metadata', property: 'tier', conditions: { $is: [t] } });

  it.each<[string, RulesGroup | null, boolean]>([
    ['no rules', null, true],
    ['event metadata holds', group('1', { 1: ratingAtLeast(4) }), true],
    ['event metadata fails', group('1', { 1: ratingAtLeast(5) }), false],
    ['and: both', group('1 and 2', { 1: ratingAtLeast(4), 2: tier('gold') }), true],
    ['and: one fails', group('1 and 2', { 1: ratingAtLeast(4), 2: tier('silver') }), false],
    ['or: one holds', group('1 or 2', { 1: ratingAtLeast(5), 2: tier('gold') }), true],
    ['not', group('not 1', { 1: tier('silver') }), true],
    ['precedence: and before or', group('1 or 2 and 3', { 1: tier('gold'), 2: ratingAtLeast(5), 3: ratingAtLeast(5) }), true],
    ['parentheses', group('(1 or 2) and 3', { 1: tier('gold'), 2: ratingAtLeast(5), 3: ratingAtLeast(5) }), false],
    ['schema_id of another event', group('1', { 1: { ...ratingAtLeast(1), schema_id: 'ms_other' } }), false],
    ['schema_id of this event', group('1', { 1: { ...ratingAtLeast(1), schema_id: 'ms_review' } }), true],
    ['customer segment', group('1', { 1: { name: 'customer.segment', conditions: { $in: ['seg_vip', 'seg_x'] } } }), true],
    ['customer not in segment', group('1', { 1: { name: 'customer.segment', conditions: { $is_not: ['seg_vip'] } } }), false],
    ['order rules never hold for events', group('1', { 1: { name: 'order.amount', conditions: { $more_than: [0] } } }), false],
    ['nested group', group('1', { 1: { name: 'customer.metadata', property: 'visits', conditions: { $more_than: [10] }, rules: group('1', { 1: tier('gold') }) } }), true],
    ['nested group fails', group('1', { 1: { name: 'customer.metadata', property: 'visits', conditions: { $more_than: [10] }, rules: group('1', { 1: tier('silver') }) } }), false],
  ])('%s', (_name, rules, expected) => {
    expect(rulesHold(rules, facts)).toBe(expected);
  });
});

describe('rulesAskForSegments', () => {
  const group = (logic: string, rules: Record<string, object>) => ({ logic, ...rules }) as RulesGroup;
  const segment = { name: 'customer.segment', conditions: { $in: ['seg_vip'] } };
  const tier = { name: 'customer.metadata', property: 'tier', conditions: { $is: ['gold'] } };

  it.each<[string, RulesGroup | null, boolean]>([
    ['no rules', null, false],
    ['metadata only', group('1', { 1: tier }), false],
    ['a segment rule', group('1 and 2', { 1: tier, 2: segment }), true],
    ['a segment rule in a nested group', group('1', { 1: { ...tier, rules: group('1', { 1: segment }) } }), true],
  ])('%s', (_name, rules, expected) => {
    expect(rulesAskForSegments(rules)).toBe(expected);
  });
});
