import type { FixtureInput } from '../../src/server/seed/fixture-schema';
import { earningFixture } from './earning-fixture';

type Rule = NonNullable<FixtureInput['earning_rules']>[number];

const noLimits = { cooldown: { type: 'NO_COOLDOWN' }, frequency: { type: 'NO_LIMIT', limits: [] } };

/** An order-paid rule with one earning, on `campaigns`. */
export function orderRule(name: string, effects: object[], extra: Partial<Rule> & { rules?: object } = {}): Rule {
  const { rules, ...rest } = extra;
  return {
    name,
    trigger: { event: 'customer.order.paid', custom_event: null, segment: null },
    earnings: [{ name, rules: rules ?? null, effects }],
    trigger_limits: noLimits,
    campaigns: ['Fixed Club'],
    ...rest,
  } as Rule;
}

export const proportional = (calculation: string, body: object, expiration: object = { type: 'NO_EXPIRATION' }) => ({
  type: 'POINTS_PROPORTIONAL',
  points_proportional: { calculation_type: calculation, points_expiration: expiration, ...body },
});

/**
 * earningFixture plus products and order-paid rules. On Fixed Club (Alice: FIX-ALICE, Bob: FIX-BOB)
 * 1 point per 1.00 of the order before discounts; on Auto Club (Alice: AUTO-ALICE) 2 points per
 * 1.00 of the mugs' lines after their discounts, held 14 days.
 */
export function orderFixture(extraRules: Rule[] = []): FixtureInput {
  const base = earningFixture();
  return {
    ...base,
    products: [
      { id: 'prod_fixturemug', source_id: 'mug', name: 'Mug', price: 1500 },
      { source_id: 'beans', name: 'Coffee beans', price: 900 },
      { source_id: 'no-price', name: 'Gift wrap' },
    ],
    earning_rules: [
      ...(base.earning_rules ?? []),
      orderRule('Per 1.00 spent', [proportional('PRE_DISCOUNT_ORDER_AMOUNT', { order: { amount: { every: 100, value: 1 } } })]),
      orderRule('Mugs, held 14 days', [proportional('POST_DISCOUNT_ORDER_ITEMS_AMOUNT', { order_items: { subtotal_amount: { every: 100, value: 2, applicable_to: [{ type: 'product', product: { id: 'prod_fixturemug' } }] } } })], {
        campaigns: ['Auto Club'],
        pending_points: { period_type: 'DAY', period_value: 14 },
      }),
      ...extraRules,
    ],
  };
}
