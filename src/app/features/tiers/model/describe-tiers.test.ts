import { describe, expect, it } from 'vitest';
import type { LoyaltyTier, LoyaltyTiersExpiration } from '../../../../contract/loyalty-tier';
import { describePolicy, describeTier, keepsWords, sayDuration, tierPrice } from './describe-tiers';

const tier = (name: string, from: number, to: number | undefined, mappings: Partial<Pick<LoyaltyTier, 'earning_rules' | 'rewards'>> = {}): LoyaltyTier => ({
  id: `ltr_${name}`,
  name,
  campaign_id: 'camp_1',
  metadata: {},
  created_at: '2026-01-01T00:00:00Z',
  updated_at: null,
  earning_rules: mappings.earning_rules ?? {},
  rewards: mappings.rewards ?? {},
  config: { points: { from, to } },
  points: { from, to },
  object: 'loyalty_tier',
});
const yearly: LoyaltyTiersExpiration = { qualification_type: 'POINTS_IN_PERIOD', qualification_period: 'YEAR', start_date: { type: 'IMMEDIATE' }, expiration_date: { type: 'END_OF_NEXT_PERIOD' } };
const rules = new Map([['lern_store', 'Points per euro in store']]);
const rewards = [
  { assignmentId: 'rewa_coffee', name: 'Free coffee', points: 100 },
  { assignmentId: 'rewa_mug', name: 'Mug', points: 301 },
];

describe('tiers in words', () => {
  it('the issue’s sentence: range earned in a calendar year, the multiplier, kept until the end of next year', () => {
    const gold = tier('Gold', 1000, undefined, { earning_rules: { lern_store: { type: 'MULTIPLY', multiplier: 1.5 } } });
    expect(describeTier(gold, yearly, rules, rewards)).toBe('Gold: 1,000 or more points earned in a calendar year; 1.5× points from Points per euro in store; keeps the tier until the end of next year');
  });

  it('tier prices: CUSTOM replaces, MULTIPLY rounds up as the service charges', () => {
    const platinum = tier('Platinum', 200, 499, { rewards: { rewa_coffee: { type: 'CUSTOM', points: 80 }, rewa_mug: { type: 'MULTIPLY', multiplier: 0.5 } } });
    expect(describeTier(platinum, yearly, rules, rewards)).toBe(
      'Platinum: 200–499 points earned in a calendar year; Free coffee for 80 points (instead of 100); Mug for 151 points (instead of 301); keeps the tier until the end of next year',
    );
    expect(tierPrice(301, { type: 'MULTIPLY', multiplier: 0.5 })).toBe(151);
  });

  it('a program without loyalty_tiers_expiration: the balance decides at once, for as long as it holds', () => {
    expect(describeTier(tier('Silver', 100, 499), undefined, rules, rewards)).toBe('Silver: a balance of 100–499 points; keeps the tier while the balance stays in its range');
    expect(describePolicy(undefined)).toBe('Members reach a tier by their current balance, at once; a member keeps the tier while the balance stays in its range.');
  });

  it('next-period starts, period ends and custom graces', () => {
    const quarterly: LoyaltyTiersExpiration = { qualification_type: 'POINTS_IN_PERIOD', qualification_period: 'QUARTER', start_date: { type: 'NEXT_PERIOD' }, expiration_date: { type: 'END_OF_PERIOD' } };
    expect(describeTier(tier('Gold', 500, undefined), quarterly, rules, rewards)).toBe('Gold: 500 or more points earned in a calendar quarter; from next quarter on; keeps the tier until the end of the quarter');
    expect(describePolicy(quarterly)).toMatch(/and move into it when next quarter starts/);
    expect(keepsWords({ qualification_type: 'BALANCE', expiration_date: { type: 'CUSTOM', extend: 'P3M', rounding: { type: 'MONTH', strategy: 'END' } } })).toBe(
      'keeps the tier for 3 months after the points fall below it, to the end of that month',
    );
    expect(sayDuration('P1Y2M')).toBe('1 year 2 months');
  });
});
