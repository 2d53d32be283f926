import type { FixtureInput } from '../../src/server/seed/fixture-schema';
import { baseFixture } from './fixtures';

/**
 * baseFixture plus what spending needs: members with points, two products, and rewards offered by
 * Fixed Club. Bob (FIX-BOB) holds 1,000 points, Carol (FIX-CAROL) 600, Dave (FIX-DAVE) 5,000;
 * Erin's card (FIX-ERIN) is disabled. Nobody holds an Auto Club card but AUTO-ALICE (Alice).
 */
export function spendFixture(overrides: Partial<FixtureInput> = {}): FixtureInput {
  const base = baseFixture();
  const [fixed, auto] = base.campaigns ?? [];
  return baseFixture({
    customers: [...(base.customers ?? []), { source_id: 'carol', name: 'Carol' }, { source_id: 'dave', name: 'Dave', email: 'dave@example.com' }, { source_id: 'erin' }],
    campaigns: [
      {
        ...fixed,
        cards: [...(fixed.cards ?? []), { code: 'FIX-CAROL', holder: 'carol' }, { code: 'FIX-DAVE', holder: 'dave' }, { code: 'FIX-ERIN', holder: 'erin', active: false }, { id: 'v_ZZZZfixalice', code: 'FIX-ALICE', holder: 'alice' }],
      },
      // A lower id than FIX-ALICE: redeeming Auto bonus from FIX-ALICE must lock AUTO-ALICE first.
      { ...auto, cards: [...(auto.cards ?? []), { id: 'v_0000autoalice', code: 'AUTO-ALICE', holder: 'alice' }] },
    ],
    transactions: [
      { card: 'FIX-BOB', type: 'POINTS_ADDITION', amount: 1000 },
      { card: 'FIX-CAROL', type: 'POINTS_ADDITION', amount: 600 },
      { card: 'FIX-DAVE', type: 'POINTS_ADDITION', amount: 5000 },
      { card: 'FIX-ERIN', type: 'POINTS_ADDITION', amount: 100 },
      { card: 'FIX-ALICE', type: 'POINTS_ADDITION', amount: 400 },
    ],
    products: [
      { source_id: 'mug', name: 'Mug', price: 1500 },
      { source_id: 'coffee', name: 'Coffee', price: 450 },
    ],
    rewards: [
      { name: 'Mug', product: 'mug', stock: 2, attributes: { description: 'A ceramic mug' }, assignments: [{ campaign: 'Fixed Club', points: 300 }] },
      { name: 'Free coffee', product: 'coffee', assignments: [{ campaign: 'Fixed Club', points: 100 }] },
      { name: 'Pay with points', coin: { exchange_ratio: 20, points_ratio: 100 }, assignments: [{ campaign: 'Fixed Club' }] },
      { name: 'Auto bonus', campaign: { name: 'Auto Club', balance: 50 }, assignments: [{ campaign: 'Fixed Club', points: 200 }] },
      { name: 'Club bonus', campaign: { name: 'Fixed Club', balance: 30 }, assignments: [{ campaign: 'Fixed Club', points: 10 }] },
      { name: 'Lunch', product: 'coffee', assignments: [{ campaign: 'Fixed Club', points: 300 }] },
      { name: 'Unoffered', product: 'mug' },
    ],
    ...overrides,
  });
}
