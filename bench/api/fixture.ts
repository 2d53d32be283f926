import type { FixtureInput } from '../../src/server/seed/fixture-schema';

export const eventCustomers = 200;

/**
 * The bench project: an auto-update program with a pool of free cards for Add Member, a second pool
 * for the bare SQL publish transaction, members who earn points on a custom event, 60 locations, and
 * an earning rule to read.
 */
export function benchFixture(cardsPerPool: number): FixtureInput {
  const members = Array.from({ length: eventCustomers }, (_, i) => `bench-member-${i}`);
  return {
    project: { name: 'bench api' },
    api_keys: [{ name: 'bench' }],
    customers: members.map((source_id) => ({ source_id, name: 'Bench Member' })),
    campaigns: [
      { name: 'Bench Club', type: 'AUTO_UPDATE', code_config: { prefix: 'B-', length: 12 }, generated_cards: cardsPerPool },
      { name: 'Bare Club', type: 'AUTO_UPDATE', code_config: { prefix: 'R-', length: 12 }, generated_cards: cardsPerPool },
      { name: 'Event Club', type: 'STATIC', cards: members.map((holder, i) => ({ code: `EV-${i}`, holder })) },
    ],
    event_schemas: [{ name: 'bench_visit', properties: { amount: { type: 'number' } } }],
    earning_rules: [
      {
        name: 'Points per visit',
        trigger: { event: 'customer.custom_event', custom_event: { schema: 'bench_visit' }, segment: null },
        earnings: [{ name: 'Visit', rules: null, effects: [{ type: 'POINTS', points: { value: 5, points_expiration: { type: 'NO_EXPIRATION' } } }] }],
        trigger_limits: { cooldown: { type: 'NO_COOLDOWN' }, frequency: { type: 'NO_LIMIT', limits: [] } },
        campaigns: ['Event Club'],
      },
    ],
    locations: Array.from({ length: 60 }, (_, i) => ({
      name: `Bench location ${i}`,
      shape: { type: 'circle', format: 'distance', distance: { center: `geo:52.${String(3500 + i * 7).padStart(5, '0')},4.${String(8800 + i * 3).padStart(5, '0')}`, radius: '0.5 km' } },
      created_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    })),
  } as FixtureInput;
}
