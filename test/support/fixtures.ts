import type { FixtureInput } from '../../src/server/seed/fixture-schema';

/** A small project most integration tests start from; `overrides` replace whole sections. */
export function baseFixture(overrides: Partial<FixtureInput> = {}): FixtureInput {
  return {
    project: { name: 'Test project' },
    api_keys: [{ name: 'test key' }],
    categories: [{ name: 'Cafes', hierarchy: 1 }],
    customers: [
      { source_id: 'alice', name: 'Alice', email: 'alice@example.com', metadata: { tier: 'gold', visits: 42 } },
      { source_id: 'bob', name: 'Bob', email: 'bob@example.com', metadata: { tier: 'silver', visits: 3 } },
    ],
    campaigns: [
      {
        name: 'Fixed Club',
        type: 'STATIC',
        category: 'Cafes',
        cards: [
          { code: 'FIX-001' },
          { code: 'FIX-002' },
          { code: 'FIX-OFF', active: false },
          { code: 'FIX-LATER', start_date: '2099-01-01T00:00:00.000Z' },
          { code: 'FIX-OLD', expiration_date: '2000-01-01T00:00:00.000Z' },
          { code: 'FIX-BOB', holder: 'bob' },
        ],
      },
      { name: 'Auto Club', type: 'AUTO_UPDATE', code_config: { pattern: 'AUTO-####-####', charset: '0123456789' }, cards: [{ code: 'AUTO-0000-0001' }] },
    ],
    ...overrides,
  };
}
