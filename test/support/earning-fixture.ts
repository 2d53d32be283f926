import type { FixtureInput } from '../../src/server/seed/fixture-schema';
import { baseFixture } from './fixtures';

type Rule = NonNullable<FixtureInput['earning_rules']>[number];

const noLimits = { cooldown: { type: 'NO_COOLDOWN' }, frequency: { type: 'NO_LIMIT', limits: [] } };
export const points = (value: number, expiration: object = { type: 'NO_EXPIRATION' }) => ({ type: 'POINTS', points: { value, points_expiration: expiration } });
export const perDay = (max: number, unit = 'DAY') => ({
  cooldown: { type: 'NO_COOLDOWN' },
  frequency: { type: 'LIMITED', limits: [{ type: 'TIME_BASED', period: { type: 'CURRENT_PERIOD', current_period: { unit } }, triggers: { max } }] },
});

/** A custom-event rule on `schema`, assigned to `campaigns`, with one earning. */
export function rule(name: string, schema: string, effects: object[], extra: Partial<Rule> & { rules?: object } = {}): Rule {
  const { rules, ...rest } = extra;
  return {
    name,
    trigger: { event: 'customer.custom_event', custom_event: { schema }, segment: null },
    earnings: [{ name, rules: rules ?? null, effects }],
    trigger_limits: noLimits,
    campaigns: ['Fixed Club'],
    ...rest,
  } as Rule;
}

/**
 * baseFixture plus event schemas and earning rules for the engine tests. Alice holds FIX-ALICE
 * (Fixed Club) and AUTO-ALICE (Auto Club); Bob holds FIX-BOB. Each schema below drives one
 * behaviour so tests do not interfere through shared limits.
 */
export function earningFixture(extraRules: Rule[] = []): FixtureInput {
  const base = baseFixture();
  const [fixed, auto] = base.campaigns ?? [];
  return baseFixture({
    campaigns: [
      { ...fixed, cards: [...(fixed.cards ?? []), { code: 'FIX-ALICE', holder: 'alice' }, { code: 'FIX-POOL-1' }, { code: 'FIX-POOL-2' }] },
      { ...auto, cards: [...(auto.cards ?? []), { code: 'AUTO-ALICE', holder: 'alice' }] },
    ],
    event_schemas: [
      { name: 'app_review', properties: { rating: { type: 'number', required: true }, text: { type: 'string' } } },
      { name: 'store_visit', properties: { store_id: { type: 'string', required: true }, amount: { type: 'number' } } },
      { name: 'both_programs', properties: {} },
      { name: 'gold_only', properties: {} },
      { name: 'cooldown_ping', properties: {} },
      { name: 'daily_ping', properties: {} },
      { name: 'happy_hour', properties: {} },
      { name: 'dormant', properties: {} },
      { name: 'parallel', properties: {} },
      { name: 'short_lived', properties: {} },
      { name: 'vip_only', properties: {} },
    ],
    segments: [{ id: 'seg_vipfixture', name: 'VIP', type: 'static', customers: ['alice'] }],
    earning_rules: [
      rule('Review bonus', 'app_review', [points(10)], { rules: { logic: '1', 1: { name: 'custom_event.metadata', property: 'rating', conditions: { $more_than_or_equal: [1] } } } }),
      rule(
        'Spend points',
        'store_visit',
        [
          {
            type: 'POINTS_PROPORTIONAL',
            points_proportional: {
              calculation_type: 'CUSTOM_EVENT_METADATA_VALUE',
              custom_event: { metadata: { every: 10, value: 2, property: 'amount' } },
              points_expiration: { type: 'ROLLING_EXPIRATION', rolling_expiration: { period: { unit: 'MONTH', value: 3 }, rounding: { type: 'END_OF_MONTH' } } },
            },
          },
        ],
      ),
      rule('Both programs', 'both_programs', [points(3)], { campaigns: ['Fixed Club', 'Auto Club'] }),
      rule('Gold visits', 'gold_only', [{ type: 'POINTS_PROPORTIONAL', points_proportional: { calculation_type: 'CUSTOMER_METADATA_VALUE', customer: { metadata: { every: 10, value: 1, property: 'visits' } } } }], {
        rules: { logic: '1', 1: { name: 'customer.metadata', property: 'tier', conditions: { $is: ['gold'] } } },
      }),
      rule('Cooldown', 'cooldown_ping', [points(1)], { trigger_limits: { cooldown: { type: 'FIXED_COOLDOWN', fixed_cooldown: { period: { unit: 'HOUR', value: 12 } } }, frequency: { type: 'NO_LIMIT', limits: [] } } }),
      rule('Twice a day', 'daily_ping', [points(1)], { trigger_limits: perDay(2) }),
      rule('Happy hour', 'happy_hour', [points(5)], {
        validity_hours: { type: 'DAILY', daily: [{ days_of_week: [1, 2, 3, 4, 5], start_time: '15:00', end_time: '18:00' }] },
        start_date: '2026-01-01T00:00:00.000Z',
        end_date: '2026-12-31T23:59:59.000Z',
      }),
      rule('Draft', 'dormant', [points(50)], { status: 'DRAFT' }),
      rule('Inactive', 'dormant', [points(50)], { status: 'INACTIVE' }),
      rule('Unassigned', 'dormant', [points(50)], { campaigns: [] }),
      rule('Parallel limited', 'parallel', [points(1)], { trigger_limits: perDay(5) }),
      rule('Parallel free', 'parallel', [points(2)]),
      rule('Short lived', 'short_lived', [points(7, { type: 'ROLLING_EXPIRATION', rolling_expiration: { period: { unit: 'DAY', value: 1 } } })]),
      rule('VIP bonus', 'vip_only', [points(4)], { rules: { logic: '1', 1: { name: 'customer.segment', conditions: { $in: ['seg_vipfixture'] } } } }),
      ...extraRules,
    ],
  });
}
