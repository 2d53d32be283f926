import type { FixtureInput } from '../../src/server/seed/fixture-schema';
import { baseFixture } from './fixtures';

type Campaign = NonNullable<FixtureInput['campaigns']>[number];

/**
 * A project with tiered programs: 'Tier Club' (tiers by points earned in a calendar YEAR, from the
 * moment they are reached to the end of that year), whose tiers the tests create, and 'Balance Club'
 * (tiers by balance, given here: Silver 100–499, Gold 500+ with 2× on 'Purchase', 3× on 'Paid order'
 * (1 point per 1.00, Balance Club only) and the mug at 150 instead of 300). A 'purchase' event earns `amount` points (custom event metadata) in both;
 * 'ping' earns 10 fixed points; 'visit' 25 to Balance Club's Gold members only (tier_rules). Alice,
 * Bob and Carol hold a card in each.
 */
export function tierFixture(overrides: { tierClub?: Partial<Campaign>; extra?: Partial<FixtureInput> } = {}): FixtureInput {
  const proportional = { type: 'POINTS_PROPORTIONAL', points_proportional: { calculation_type: 'CUSTOM_EVENT_METADATA_VALUE', custom_event: { metadata: { every: 1, value: 1, property: 'amount' } }, points_expiration: { type: 'NO_EXPIRATION' } } };
  const noLimits = { cooldown: { type: 'NO_COOLDOWN' }, frequency: { type: 'NO_LIMIT', limits: [] } };
  return baseFixture({
    customers: [
      { source_id: 'alice', name: 'Alice', email: 'alice@example.com' },
      { source_id: 'bob', name: 'Bob', email: 'bob@example.com' },
      { source_id: 'carol', name: 'Carol', email: 'carol@example.com' },
    ],
    campaigns: [
      {
        name: 'Tier Club',
        type: 'STATIC',
        loyalty_tiers_expiration: { qualification_type: 'POINTS_IN_PERIOD', qualification_period: 'YEAR', start_date: { type: 'IMMEDIATE' }, expiration_date: { type: 'END_OF_PERIOD' } },
        cards: [
          { code: 'TIER-ALICE', holder: 'alice' },
          { code: 'TIER-BOB', holder: 'bob' },
          { code: 'TIER-CAROL', holder: 'carol' },
        ],
        ...overrides.tierClub,
      },
      {
        name: 'Balance Club',
        type: 'STATIC',
        cards: [
          { code: 'BAL-ALICE', holder: 'alice' },
          { code: 'BAL-BOB', holder: 'bob' },
          { code: 'BAL-CAROL', holder: 'carol' },
        ],
      },
    ],
    event_schemas: [
      { name: 'purchase', properties: { amount: { type: 'number', required: true } } },
      { name: 'ping', properties: {} },
      { name: 'visit', properties: {} },
    ],
    earning_rules: [
      { name: 'Purchase', trigger: { event: 'customer.custom_event', custom_event: { schema: 'purchase' }, segment: null }, earnings: [{ name: 'per point', effects: [proportional] }], trigger_limits: noLimits, campaigns: ['Tier Club', 'Balance Club'] },
      {
        name: 'Gold visit bonus',
        trigger: { event: 'customer.custom_event', custom_event: { schema: 'visit' }, segment: null },
        earnings: [{ name: 'gold only', tier_rules: { type: 'ANY_OF', any_of: [{ program: 'Balance Club', tiers: ['Gold'] }] }, effects: [{ type: 'POINTS', points: { value: 25 } }] }],
        trigger_limits: noLimits,
        campaigns: ['Tier Club', 'Balance Club'],
      },
      {
        name: 'Paid order',
        trigger: { event: 'customer.order.paid', custom_event: null, segment: null },
        earnings: [{ name: 'per 1.00', effects: [{ type: 'POINTS_PROPORTIONAL', points_proportional: { calculation_type: 'PRE_DISCOUNT_ORDER_AMOUNT', order: { amount: { every: 100, value: 1 } }, points_expiration: { type: 'NO_EXPIRATION' } } }] }],
        trigger_limits: noLimits,
        campaigns: ['Balance Club'],
      },
      { name: 'Ping', trigger: { event: 'customer.custom_event', custom_event: { schema: 'ping' }, segment: null }, earnings: [{ name: 'ping', effects: [{ type: 'POINTS', points: { value: 10 } }] }], trigger_limits: noLimits, campaigns: ['Tier Club', 'Balance Club'] },
    ],
    products: [{ source_id: 'mug', name: 'Mug', price: 1500 }],
    rewards: [
      { name: 'Mug', product: 'mug', assignments: [{ campaign: 'Tier Club', points: 300 }, { campaign: 'Balance Club', points: 300 }] },
      { name: 'Pay with points', coin: { exchange_ratio: 1, points_ratio: 100 }, assignments: [{ campaign: 'Balance Club' }] },
    ],
    loyalty_tiers: [
      { campaign: 'Balance Club', name: 'Silver', points: { from: 100, to: 499 } },
      { campaign: 'Balance Club', name: 'Gold', points: { from: 500 }, earning_rules: { Purchase: { type: 'MULTIPLY', multiplier: 2 }, 'Paid order': { type: 'MULTIPLY', multiplier: 3 } }, rewards: { Mug: { type: 'MULTIPLY', multiplier: 0.5 } } },
    ],
    ...overrides.extra,
  });
}
