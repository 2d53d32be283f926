import { describe, expect, it } from 'vitest';
import { v1CreateEarningRuleSchema } from '../../../../contract/earning-rule-v1';
import { describeDraft } from './describe-draft';
import { describePending } from './describe-rule';
import type { EarningRule } from '../../../../contract/earning-rule';
import { effectsFor, emptyRuleForm, formValuesOf, isFieldShown, notEditable, ruleFormSchema, toCreateBody, toUpdateBody, type RuleFormValues } from './rule-form';
import { formFieldOfPath } from './rule-form-fields';

/** Order-paid rules in the builder (issue 27): each calculation, pending points, and the rule in words. */
const schemas = new Map<string, string>();
const products = new Map([['prod_coffee', 'Coffee of the day']]);
const order = (over: Partial<RuleFormValues> = {}): RuleFormValues => ({ ...emptyRuleForm, name: 'Per euro', programId: 'camp_1', trigger: 'order_paid', ...over });
const words = (form: RuleFormValues) => describeDraft(form, { schemas, segments: new Map(), program: 'Coffee Club', products }).summary;
const errorsOf = (form: RuleFormValues) => {
  const parsed = ruleFormSchema('create', schemas).safeParse(form);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('order-paid rules → the v1 request', () => {
  it.each<[Partial<RuleFormValues>, unknown]>([
    [{ effect: 'FIXED', points: '5' }, { type: 'FIXED', points: 5 }],
    [{ effect: 'ORDER_AMOUNT', points: '10', every: '1.00' }, { type: 'PROPORTIONAL', calculation_type: 'ORDER_AMOUNT', order: { amount: { every: 100, points: 10 } } }],
    [{ effect: 'ORDER_TOTAL_AMOUNT', points: '1', every: '2.5' }, { type: 'PROPORTIONAL', calculation_type: 'ORDER_TOTAL_AMOUNT', order: { total_amount: { every: 250, points: 1 } } }],
    [{ effect: 'ORDER_METADATA', points: '3', every: '1', property: 'cups' }, { type: 'PROPORTIONAL', calculation_type: 'ORDER_METADATA', order: { metadata: { every: 1, points: 3, property: 'cups' } } }],
    [
      { effect: 'ORDER_ITEMS_AMOUNT', points: '2', every: '1', productId: 'prod_coffee' },
      { type: 'PROPORTIONAL', calculation_type: 'ORDER_ITEMS_AMOUNT', order_items: { amount: { every: 100, points: 2, object: 'product', id: 'prod_coffee' } } },
    ],
    [
      { effect: 'ORDER_ITEMS_SUBTOTAL_AMOUNT', points: '2', every: '5', productId: 'prod_coffee' },
      { type: 'PROPORTIONAL', calculation_type: 'ORDER_ITEMS_SUBTOTAL_AMOUNT', order_items: { subtotal_amount: { every: 500, points: 2, object: 'product', id: 'prod_coffee' } } },
    ],
    [
      { effect: 'ORDER_ITEMS_QUANTITY', points: '5', every: '2', productId: 'prod_coffee' },
      { type: 'PROPORTIONAL', calculation_type: 'ORDER_ITEMS_QUANTITY', order_items: { quantity: { every: 2, points: 5, object: 'product', id: 'prod_coffee' } } },
    ],
    [{ effect: 'CUSTOMER_METADATA', points: '1', every: '10', property: 'visits' }, { type: 'PROPORTIONAL', calculation_type: 'CUSTOMER_METADATA', customer: { metadata: { every: 10, points: 1, property: 'visits' } } }],
  ])('%j', (over, loyalty) => {
    const body = toCreateBody(order(over), schemas);
    expect(body.event).toBe('order.paid');
    expect(body).not.toHaveProperty('custom_event');
    expect(body).not.toHaveProperty('pending_points');
    expect(body.loyalty).toEqual(loyalty);
    expect(v1CreateEarningRuleSchema.safeParse(body).success).toBe(true);
    expect(errorsOf(order(over))).toEqual({});
  });

  it('holds the points some days when asked, on order-paid rules only', () => {
    expect(toCreateBody(order({ pendingDays: '14' }), schemas).pending_points).toEqual({ period_type: 'DAY', period_value: 14 });
    expect(toUpdateBody(order({ pendingDays: '' })).pending_points).toBeNull();
    expect(toUpdateBody({ ...order({ pendingDays: '14' }), trigger: 'custom_event', eventSchemaId: 'ms_1' })).not.toHaveProperty('pending_points');
  });

  it('says what is wrong beside the field', () => {
    expect(errorsOf(order({ effect: 'ORDER_AMOUNT', every: '1.005' }))).toEqual({ every: 'Enter an amount such as 1.00, with at most two decimals' });
    expect(errorsOf(order({ effect: 'ORDER_AMOUNT', every: '0' }))).toEqual({ every: 'Enter 0.01 or more' });
    expect(errorsOf(order({ effect: 'ORDER_ITEMS_QUANTITY' }))).toEqual({ productId: 'Choose the product whose lines count' });
    expect(errorsOf(order({ effect: 'ORDER_METADATA' }))).toEqual({ property: 'Name the property whose value counts' });
    expect(errorsOf(order({ effect: 'CUSTOM_EVENT_METADATA', property: 'x' }))).toEqual({ effect: 'Choose how the points are counted for this trigger' });
    expect(errorsOf(order({ pendingDays: '91' }))).toEqual({ pendingDays: 'Enter 90 or less.' });
    expect(errorsOf(order({ pendingDays: '1.5' }))).toEqual({ pendingDays: 'Enter a whole number of days, 1 to 90' });
    expect(formFieldOfPath([0, 'pending_points', 'period_value'])).toBe('pendingDays');
    expect(formFieldOfPath([0, 'loyalty', 'order_items', 'quantity', 'object'])).toBe('productId');
  });

  it('offers each order calculation for order-paid rules only', () => {
    expect(effectsFor.order_paid).toEqual(['FIXED', 'ORDER_AMOUNT', 'ORDER_TOTAL_AMOUNT', 'ORDER_ITEMS_AMOUNT', 'ORDER_ITEMS_SUBTOTAL_AMOUNT', 'ORDER_ITEMS_QUANTITY', 'ORDER_METADATA', 'CUSTOMER_METADATA']);
    expect(effectsFor.custom_event).not.toContain('ORDER_AMOUNT');
  });
});

describe('order-paid rules in words', () => {
  it('says the amount in money and the days the points are held', () => {
    expect(words(order({ effect: 'ORDER_AMOUNT', points: '10', every: '1', pendingDays: '14' }))).toBe(
      "On a paid order, a member's Coffee Club card earns 10 points for every 1.00 spent, held 14 days (points never expire).",
    );
    expect(words(order({ effect: 'ORDER_TOTAL_AMOUNT', points: '1', every: '10' }))).toBe("On a paid order, a member's Coffee Club card earns 1 point for every 10.00 spent after discounts (points never expire).");
    expect(words(order({ effect: 'ORDER_ITEMS_AMOUNT', points: '2', every: '1', productId: 'prod_coffee', pendingDays: '1' }))).toBe(
      "On a paid order, a member's Coffee Club card earns 2 points for every 1.00 spent on Coffee of the day, held 1 day (points never expire).",
    );
    expect(words(order({ effect: 'ORDER_ITEMS_SUBTOTAL_AMOUNT', points: '2', every: '0.5', productId: 'prod_coffee' }))).toContain('2 points for every 0.50 spent on Coffee of the day after discounts');
    expect(words(order({ effect: 'ORDER_ITEMS_QUANTITY', points: '5', every: '1', productId: 'prod_coffee' }))).toContain('5 points for each Coffee of the day bought');
    expect(words(order({ effect: 'ORDER_METADATA', points: '3', every: '1', property: 'cups' }))).toContain("3 points for every 1 of the order's 'cups'");
    expect(words(order({ effect: 'FIXED', points: '50', pendingDays: '30' }))).toContain('earns 50 points, held 30 days (points never expire)');
  });

  it('reads "…" while a part is missing', () => {
    expect(words(order({ effect: 'ORDER_ITEMS_QUANTITY', productId: '' }))).toContain('earns … points');
    expect(words(order({ effect: 'ORDER_AMOUNT', every: 'abc' }))).toContain('earns … points');
  });

  it('describePending', () => {
    expect(describePending(null)).toBe('');
    expect(describePending(14)).toBe(', held 14 days');
  });
});

describe('editing an order-paid rule', () => {
  const stored = (points_proportional: Record<string, unknown>): EarningRule =>
    ({
      id: 'lern_1',
      name: 'Per euro',
      status: 'ACTIVE',
      earnings: [{ id: 'lernei_1', effects: [{ type: 'POINTS_PROPORTIONAL', points_proportional: { card_definition_id: 'lcdef_1', ...points_proportional } }] }],
      trigger: { event: 'customer.order.paid' },
      error: null,
      validity_hours: { type: 'ANY_TIME' },
      start_date: null,
      end_date: null,
      trigger_limits: null,
      metadata: {},
      created_at: '2026-01-01T00:00:00Z',
      updated_at: null,
      object: 'earning_rule',
    }) as EarningRule;

  it.each<[Record<string, unknown>, Partial<RuleFormValues>]>([
    [{ calculation_type: 'PRE_DISCOUNT_ORDER_AMOUNT', order: { amount: { every: 100, value: 10 } } }, { effect: 'ORDER_AMOUNT', every: '1.00', points: '10' }],
    [{ calculation_type: 'POST_DISCOUNT_ORDER_AMOUNT', order: { total_amount: { every: 123450, value: 1 } } }, { effect: 'ORDER_TOTAL_AMOUNT', every: '1234.50' }],
    [{ calculation_type: 'ORDER_METADATA_VALUE', order: { metadata: { every: 2, value: 1, property: 'cups' } } }, { effect: 'ORDER_METADATA', every: '2', property: 'cups' }],
    [{ calculation_type: 'PRE_DISCOUNT_ORDER_ITEMS_AMOUNT', order_items: { amount: { every: 50, value: 1, applicable_to: [{ object: 'product', id: 'prod_coffee' }] } } }, { effect: 'ORDER_ITEMS_AMOUNT', every: '0.50', productId: 'prod_coffee' }],
    [
      { calculation_type: 'POST_DISCOUNT_ORDER_ITEMS_AMOUNT', order_items: { subtotal_amount: { every: 100, value: 1, applicable_to: [{ type: 'product', product: { id: 'prod_coffee' } }] } } },
      { effect: 'ORDER_ITEMS_SUBTOTAL_AMOUNT', every: '1.00', productId: 'prod_coffee' },
    ],
    [{ calculation_type: 'ORDER_ITEMS_QUANTITY', order_items: { quantity: { every: 3, value: 5, applicable_to: [{ object: 'product', id: 'prod_coffee' }] } } }, { effect: 'ORDER_ITEMS_QUANTITY', every: '3', points: '5', productId: 'prod_coffee' }],
  ])('%j opens in the builder as %j', (calculation, expected) => {
    const rule = stored(calculation);
    expect(notEditable(rule)).toEqual([]);
    const form = formValuesOf(rule, 'camp_1', 14);
    expect(form).toMatchObject({ trigger: 'order_paid', pendingDays: '14', ...expected });
    expect(ruleFormSchema('edit', schemas).safeParse(form).success).toBe(true);
    expect(toUpdateBody(form).pending_points).toEqual({ period_type: 'DAY', period_value: 14 });
  });

  it('keeps to the rules the builder can show', () => {
    const several = stored({ calculation_type: 'ORDER_ITEMS_QUANTITY', order_items: { quantity: { every: 1, value: 1, applicable_to: [{ object: 'product', id: 'a' }, { object: 'product', id: 'b' }] } } });
    expect(notEditable(several)).toEqual(['it counts the lines of several products, and the builder counts one']);
    expect(formValuesOf(stored({ calculation_type: 'PRE_DISCOUNT_ORDER_AMOUNT', order: { amount: { every: 100, value: 1 } } }), 'camp_1').pendingDays).toBe('');
  });
});

describe('API errors on fields the builder does not show', () => {
  it('are not placed there', () => {
    expect(isFieldShown('eventSchemaId', order())).toBe(false);
    expect(isFieldShown('pendingDays', order())).toBe(true);
    expect(isFieldShown('productId', order({ effect: 'ORDER_ITEMS_QUANTITY' }))).toBe(true);
    expect(isFieldShown('productId', order({ effect: 'ORDER_AMOUNT' }))).toBe(false);
    expect(isFieldShown('pendingDays', { ...order(), trigger: 'custom_event' })).toBe(false);
    expect(isFieldShown('hours.0.start', order())).toBe(true);
  });
});
