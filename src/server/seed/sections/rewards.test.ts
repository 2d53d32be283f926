import { afterEach, describe, expect, it } from 'vitest';
import { baseFixture } from '../../../../test/support/fixtures';
import { openTestDatabase } from '../../../../test/support/databases';
import type { Database } from '../../../platform/db/client';
import demo from '../demo.json' with { type: 'json' };
import { loadFixture } from '../load-fixture';
import { FixtureError } from '../seed-context';

describe('fixture products and rewards', () => {
  let database: Database;
  afterEach(() => database.close());

  it('loads the demo project’s products and rewards, offered by both demo programs', async () => {
    database = await openTestDatabase('pglite');
    const programs = demo.campaigns.map(({ cards: _cards, ...campaign }) => campaign);
    const project = await loadFixture(database, { project: demo.project, api_keys: demo.api_keys, categories: demo.categories, campaigns: programs, products: demo.products, rewards: demo.rewards });
    const rows = await database.execute<{ reward: string; type: string; program: string; points: string | null }>(
      `SELECT r.name AS reward, r.type, c.name AS program, a.points FROM reward_assignments a JOIN rewards r ON r.id = a.reward_id JOIN campaigns c ON c.id = a.campaign_id ORDER BY r.created_at, c.name`,
    );
    expect(rows.map((r) => [r.reward, r.type, r.program, r.points === null ? null : Number(r.points)])).toEqual([
      ['Coffee Club mug', 'MATERIAL', 'City Rewards', 400],
      ['Coffee Club mug', 'MATERIAL', 'Coffee Club', 300],
      ['Free coffee', 'MATERIAL', 'City Rewards', 150],
      ['Free coffee', 'MATERIAL', 'Coffee Club', 100],
      ['Pay with points', 'COIN', 'City Rewards', null],
      ['Pay with points', 'COIN', 'Coffee Club', null],
      ['50 City Rewards points', 'CAMPAIGN', 'Coffee Club', 80],
    ]);
    const [mug] = await database.execute<{ parameters: unknown; stock: number }>("SELECT parameters, stock FROM rewards WHERE name = 'Coffee Club mug'");
    expect(mug).toEqual({ parameters: { product: { id: project.ids.products.get('demo-mug'), sku_id: null } }, stock: 25 });
    expect(project.ids.rewardAssignments.get('Free coffee@Coffee Club')).toMatch(/^rewa_/);
  });

  it('refuses rewards that refer to nothing, or mix kinds, naming the reward; nothing is loaded', async () => {
    database = await openTestDatabase('pglite');
    const cases: [object, string][] = [
      [{ name: 'Ghost', product: 'nope' }, "reward 'Ghost': unknown product 'nope'"],
      [{ name: 'Lost', coin: { exchange_ratio: 1 }, assignments: [{ campaign: 'Nowhere' }] }, "reward 'Lost': unknown campaign 'Nowhere'"],
      [{ name: 'Both', coin: { exchange_ratio: 1 }, campaign: { name: 'Fixed Club', balance: 5 } }, 'a reward needs exactly one of product, coin or campaign'],
      [{ name: 'Priced coin', coin: { exchange_ratio: 1 }, assignments: [{ campaign: 'Fixed Club', points: 5 }] }, 'assignments of pay with points (coin) take no points'],
      [{ name: 'Stocked coin', coin: { exchange_ratio: 1 }, stock: 3 }, 'stock applies only to product (MATERIAL) rewards'],
    ];
    for (const [reward, message] of cases) {
      const attempt = loadFixture(database, baseFixture({ products: [{ source_id: 'mug', name: 'Mug' }], rewards: [reward as never] }));
      await expect(attempt).rejects.toBeInstanceOf(FixtureError);
      await expect(attempt).rejects.toThrow(message);
    }
    expect(await database.execute('SELECT id FROM rewards')).toEqual([]);
    expect(await database.execute('SELECT id FROM projects')).toEqual([]);
  });
});
