import type { FixtureInput } from '../../src/server/seed/fixture-schema';
import { baseFixture } from './fixtures';

const noLimits = { cooldown: { type: 'NO_COOLDOWN' }, frequency: { type: 'NO_LIMIT', limits: [] } };
/** 30 days without earning, spending or an `app_open` event. */
export const thirtyQuietDays = { earning_activity: true, spending_activity: true, custom_activity: true, custom_activity_types: ['app_open'], period: { unit: 'DAY', value: 30 } };

/**
 * Slide Club: 10 points per `visit`, expiring after 30 days without activity; a reward of 5 points.
 * Each member below holds one card there, so each case has a card of its own.
 */
export function slidingFixture(): FixtureInput {
  const members = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi', 'ivan'];
  return baseFixture({
    customers: members.map((m) => ({ source_id: m, name: m[0].toUpperCase() + m.slice(1) })),
    campaigns: [{ name: 'Slide Club', type: 'STATIC', cards: members.map((m) => ({ code: `SLIDE-${m.toUpperCase()}`, holder: m })) }],
    event_schemas: [{ name: 'visit', properties: {} }, { name: 'app_open', properties: {} }, { name: 'ping', properties: {} }, { name: 'knock', properties: {} }],
    products: [{ source_id: 'coffee', name: 'Coffee' }],
    rewards: [{ name: 'Five', product: 'coffee', assignments: [{ campaign: 'Slide Club', points: 5 }] }],
    earning_rules: [
      {
        name: 'Visit',
        trigger: { event: 'customer.custom_event', custom_event: { schema: 'visit' }, segment: null },
        earnings: [{ name: 'Visit', rules: null, effects: [{ type: 'POINTS', points: { value: 10, points_expiration: { type: 'SLIDING_EXPIRATION', sliding_expiration: thirtyQuietDays } } }] }],
        trigger_limits: noLimits,
        campaigns: ['Slide Club'],
      },
      {
        name: 'Ping',
        trigger: { event: 'customer.custom_event', custom_event: { schema: 'ping' }, segment: null },
        earnings: [{ name: 'Ping', rules: null, effects: [{ type: 'POINTS', points: { value: 1, points_expiration: { type: 'ROLLING_EXPIRATION', rolling_expiration: { period: { unit: 'YEAR', value: 1 } } } } }] }],
        trigger_limits: noLimits,
        campaigns: ['Slide Club'],
      },
    ] as never,
  });
}

