import { afterEach, describe, expect, it } from 'vitest';
import { baseFixture } from '../../../../test/support/fixtures';
import { openTestDatabase } from '../../../../test/support/databases';
import type { Database } from '../../../platform/db/client';
import { loadFixture } from '../load-fixture';
import { FixtureError } from '../seed-context';

const membersBySegment = (database: Database) =>
  database.execute<{ name: string; members: string[] }>(
    `SELECT s.name, array_agg(c.source_id ORDER BY c.source_id) AS members
     FROM segments s JOIN segment_members m ON m.segment_id = s.id JOIN customers c ON c.id = m.customer_id GROUP BY s.name ORDER BY s.name`,
  );

describe('fixture segments and generated customers', () => {
  let database: Database;
  afterEach(() => database.close());

  it('fills filter segments with the API grammar and static ones by source id, generated customers included', async () => {
    database = await openTestDatabase('pglite');
    await loadFixture(
      database,
      baseFixture({
        generated_customers: { count: 12, source_id_prefix: 'gen-', id_prefix: 'cust_gen', metadata: { tier: 'bulk' } },
        segments: [
          { name: 'Gold', type: 'auto-update', filter: { junction: 'and', 'metadata.tier': { conditions: { $is: 'gold' } } } },
          { name: 'Picked', type: 'static', customers: ['bob', 'gen-07'] },
          { name: 'Bulk', type: 'passive', filter: { 'metadata.tier': { conditions: { $is: 'bulk' } }, name: { conditions: { $is_unknown: true } } } },
        ],
      }),
    );
    const rows = await membersBySegment(database);
    expect(rows.find((r) => r.name === 'Gold')?.members).toEqual(['alice']);
    expect(rows.find((r) => r.name === 'Picked')?.members).toEqual(['bob', 'gen-07']);
    expect(rows.find((r) => r.name === 'Bulk')?.members).toHaveLength(12);
    expect(await database.execute(`SELECT id FROM customers WHERE source_id = 'gen-07'`)).toEqual([{ id: 'cust_gen07' }]);
  });

  it('refuses an invalid filter naming the segment and the bad part, and loads nothing', async () => {
    database = await openTestDatabase('pglite');
    const attempt = loadFixture(database, baseFixture({ segments: [{ name: 'Broken', type: 'passive', filter: { name: { conditions: { $after: '2020-01-01' } } } }] }));
    await expect(attempt).rejects.toBeInstanceOf(FixtureError);
    await expect(attempt).rejects.toThrow("segment 'Broken': invalid filter: filter.name.conditions: operator $after is not allowed for a text field");
    expect(await database.execute('SELECT id FROM projects')).toEqual([]);
  });
});
