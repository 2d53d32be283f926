import { describe, expect, it } from 'vitest';
import type { LoyaltyTier } from '../../../../contract/loyalty-tier';
import { describeRuleTiers } from './describe-rule-tiers';

const tier = (name: string, earning_rules: LoyaltyTier['earning_rules']): LoyaltyTier => ({
  id: `ltr_${name}`,
  name,
  campaign_id: 'camp_1',
  metadata: {},
  created_at: '2026-01-01T00:00:00Z',
  updated_at: null,
  earning_rules,
  rewards: {},
  config: { points: { from: 0 } },
  points: { from: 0 },
  object: 'loyalty_tier',
});

describe('earning rules mention the tiers that map them', () => {
  it('one line per program whose tiers map the rule', () => {
    const tiers = [tier('Silver', {}), tier('Gold', { lern_a: { type: 'MULTIPLY', multiplier: 1.5 } }), tier('Platinum', { lern_a: { type: 'CUSTOM', points: 40 } })];
    expect(describeRuleTiers('lern_a', [{ name: 'Coffee Club', tiers }, { name: 'City Rewards', tiers: [] }])).toEqual([
      'In Coffee Club, Gold members earn 1.5× these points, Platinum members earn 40 points instead (rounded down).',
    ]);
    expect(describeRuleTiers('lern_b', [{ name: 'Coffee Club', tiers }])).toEqual([]);
  });

  it('says points are rounded down only when a tier multiplies them', () => {
    const tiers = [tier('Platinum', { lern_a: { type: 'CUSTOM', points: 40 } })];
    expect(describeRuleTiers('lern_a', [{ name: 'Coffee Club', tiers }])).toEqual(['In Coffee Club, Platinum members earn 40 points instead.']);
  });
});
