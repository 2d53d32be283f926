import type { FixtureInput } from '../../src/server/seed/fixture-schema';

export const eventCustomers = 200;

/** Points the bench earning rule gives per event. */
export const pointsPerVisit = 5;

/** Points each spending card starts with: enough that no round of redemptions runs out. */
export const spendingBalance = 1_000_000_000;
/** The bench reward's price in points. */
export const rewardPrice = 10;

/** The bench order's amount (in cents) and the points its one matching order-paid rule (1 point per 1.00, before discounts) earns. */
export const orderAmount = 2500;
export const pointsPerOrder = orderAmount / 100;
/** The bench's order-paid rule, by name. */
export const orderRuleName = 'Per 1.00 ordered';
export const visitRuleName = 'Points per visit';
/** Track event with tiers: the same rule's points, on a program with loyalty tiers (Silver from 0, Gold from 300 at 1.5×), for members of their own. */
export const tierVisitRuleName = 'Points per visit (tiered)';
export const tierMembers = (n: number) => `bench-tier-member-${n}`;

/** Card codes of a spending program: one card per bench member. */
export const spendCards = (prefix: string) => Array.from({ length: eventCustomers }, (_, i) => `${prefix}-${i}`);

/**
 * The bench project: an auto-update program with a pool of free cards for Add Member, a second pool
 * for the bare SQL publish transaction, members who earn points on a custom event, 60 locations, an
 * earning rule to read; and for spending, each member holds a card in Spend Club (redeemed through
 * the API), Bare Spend (redeemed by the bare SQL transaction) and Adjust Club (balance corrections),
 * the first two with a large balance, and Spend Club offers a reward; Bare Event's cards take the
 * bare SQL event transaction's accruals. Each member also holds a card in Order Club, where paid orders earn by the
 * project's one customer.order.paid rule (the only rule an order matches), and one in Bare Order,
 * which takes the bare SQL order transaction's accruals.
 */
const spendPrefix = { 'Spend Club': 'SP', 'Bare Spend': 'BS', 'Adjust Club': 'AD', 'Bare Event': 'BE', 'Order Club': 'OR', 'Bare Order': 'BO' } as const;

export function benchFixture(cardsPerPool: number): FixtureInput {
  const members = Array.from({ length: eventCustomers }, (_, i) => `bench-member-${i}`);
  const tiered = Array.from({ length: eventCustomers }, (_, i) => tierMembers(i));
  return {
    project: { name: 'bench api' },
    api_keys: [{ name: 'bench' }],
    customers: [...members, ...tiered].map((source_id) => ({ source_id, name: 'Bench Member' })),
    campaigns: [
      { name: 'Bench Club', type: 'AUTO_UPDATE', code_config: { prefix: 'B-', length: 12 }, generated_cards: cardsPerPool },
      { name: 'Bare Club', type: 'AUTO_UPDATE', code_config: { prefix: 'R-', length: 12 }, generated_cards: cardsPerPool },
      { name: 'Event Club', type: 'STATIC', cards: members.map((holder, i) => ({ code: `EV-${i}`, holder })) },
      {
        name: 'Tier Club',
        type: 'STATIC',
        loyalty_tiers_expiration: { qualification_type: 'POINTS_IN_PERIOD', qualification_period: 'YEAR', start_date: { type: 'IMMEDIATE' }, expiration_date: { type: 'END_OF_NEXT_PERIOD' } },
        cards: tiered.map((holder, i) => ({ code: `TI-${i}`, holder })),
      },
      ...(['Spend Club', 'Bare Spend', 'Adjust Club', 'Bare Event', 'Order Club', 'Bare Order'] as const).map((name) => ({
        name,
        type: 'STATIC' as const,
        cards: spendCards(spendPrefix[name]).map((code, i) => ({ code, holder: members[i] })),
      })),
    ],
    transactions: [...spendCards('SP'), ...spendCards('BS')].map((card) => ({ card, type: 'POINTS_ADDITION', amount: spendingBalance })),
    products: [{ source_id: 'bench-thing', name: 'Bench thing' }],
    rewards: [{ name: 'Bench reward', product: 'bench-thing', assignments: [{ campaign: 'Spend Club', points: rewardPrice }] }],
    event_schemas: [
      { name: 'bench_visit', properties: { amount: { type: 'number' } } },
      { name: 'bench_tier_visit', properties: { amount: { type: 'number' } } },
    ],
    earning_rules: [
      {
        name: visitRuleName,
        trigger: { event: 'customer.custom_event', custom_event: { schema: 'bench_visit' }, segment: null },
        earnings: [{ name: 'Visit', rules: null, effects: [{ type: 'POINTS', points: { value: pointsPerVisit, points_expiration: { type: 'NO_EXPIRATION' } } }] }],
        trigger_limits: { cooldown: { type: 'NO_COOLDOWN' }, frequency: { type: 'NO_LIMIT', limits: [] } },
        campaigns: ['Event Club'],
      },
      {
        name: tierVisitRuleName,
        trigger: { event: 'customer.custom_event', custom_event: { schema: 'bench_tier_visit' }, segment: null },
        earnings: [{ name: 'Visit', rules: null, effects: [{ type: 'POINTS', points: { value: pointsPerVisit, points_expiration: { type: 'NO_EXPIRATION' } } }] }],
        trigger_limits: { cooldown: { type: 'NO_COOLDOWN' }, frequency: { type: 'NO_LIMIT', limits: [] } },
        campaigns: ['Tier Club'],
      },
      {
        name: orderRuleName,
        trigger: { event: 'customer.order.paid', custom_event: null, segment: null },
        earnings: [
          {
            name: orderRuleName,
            rules: null,
            effects: [
              {
                type: 'POINTS_PROPORTIONAL',
                points_proportional: { calculation_type: 'PRE_DISCOUNT_ORDER_AMOUNT', points_expiration: { type: 'NO_EXPIRATION' }, order: { amount: { every: 100, value: 1 } } },
              },
            ],
          },
        ],
        trigger_limits: { cooldown: { type: 'NO_COOLDOWN' }, frequency: { type: 'NO_LIMIT', limits: [] } },
        campaigns: ['Order Club'],
      },
    ],
    loyalty_tiers: [
      { campaign: 'Tier Club', name: 'Silver', points: { from: 0, to: 299 } },
      { campaign: 'Tier Club', name: 'Gold', points: { from: 300 }, earning_rules: { [tierVisitRuleName]: { type: 'MULTIPLY', multiplier: 1.5 } } },
    ],
    locations: Array.from({ length: 60 }, (_, i) => ({
      name: `Bench location ${i}`,
      shape: { type: 'circle', format: 'distance', distance: { center: `geo:52.${String(3500 + i * 7).padStart(5, '0')},4.${String(8800 + i * 3).padStart(5, '0')}`, radius: '0.5 km' } },
      created_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    })),
  } as FixtureInput;
}
