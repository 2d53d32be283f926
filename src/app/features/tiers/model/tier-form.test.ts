import { describe, expect, it } from 'vitest';
import { placeTierError, tierFormSchema, tiersRequest, type TierRow } from './tier-form';

const row = (name: string, from: string, to = '', multiplier = '', priceMultiplier = ''): TierRow => ({ name, from, to, multiplier, priceMultiplier });
const problems = (tiers: TierRow[]) => {
  const result = tierFormSchema.safeParse({ tiers });
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('the create-tiers form', () => {
  it('takes tiers whose ranges do not overlap, and sends each multiplier for every rule or priced reward', () => {
    const tiers = [row('Silver', '100', '499'), row(' Gold ', '500', '', '1.5', '0.5')];
    expect(problems(tiers)).toEqual([]);
    expect(tiersRequest({ tiers }, ['lern_a', 'lern_b'], ['rewa_mug'])).toEqual([
      { name: 'Silver', points: { from: 100, to: 499 } },
      {
        name: 'Gold',
        points: { from: 500 },
        earning_rules: { lern_a: { type: 'MULTIPLY', multiplier: 1.5 }, lern_b: { type: 'MULTIPLY', multiplier: 1.5 } },
        rewards: { rewa_mug: { type: 'MULTIPLY', multiplier: 0.5 } },
      },
    ]);
  });

  it('names the field of each mistake the service would refuse', () => {
    expect(problems([row('', '-1', 'x'), row('Gold', '10', '5', '0', '1001')])).toEqual([
      'tiers.0.name: Enter a name, such as Gold.',
      'tiers.0.from: Enter whole points, 0 or more.',
      'tiers.0.to: Enter whole points, or leave empty for no upper limit.',
      'tiers.1.to: Enter at least the points it starts from.',
      'tiers.1.multiplier: Enter a multiplier above 0.',
      'tiers.1.priceMultiplier: Enter 1,000 or less.',
    ]);
  });

  it('refuses overlapping ranges, naming the tier overlapped', () => {
    expect(problems([row('Silver', '100'), row('Gold', '500', '900')])).toEqual(['tiers.1.from: Overlaps Silver (100 or more): a member’s points must fall in one tier.']);
  });

  it('places the service’s refusals on the fields they name', () => {
    const error = {
      code: 400,
      key: 'invalid_payload',
      message: 'Invalid payload',
      details: "Property .1.points: 100–∞ overlaps the program's tier 'Silver' (0–499); a member's points must fall in one tier; Property .0.earning_rules.lern_x: the program has no earning rule lern_x",
      request_id: 'r',
    };
    expect(placeTierError(error).map((p) => p.target)).toEqual(['tiers.1.from', 'tiers.0.multiplier']);
    expect(placeTierError({ ...error, details: 'Payload: a program has at most 100 tiers; it has 99' })).toEqual([]);
  });
});
