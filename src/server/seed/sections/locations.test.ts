import { afterEach, describe, expect, it } from 'vitest';
import { baseFixture } from '../../../../test/support/fixtures';
import { openTestDatabase } from '../../../../test/support/databases';
import type { Database } from '../../../platform/db/client';
import { loadFixture } from '../load-fixture';
import { FixtureError } from '../seed-context';

const good = { name: 'Good', shape: { type: 'circle', format: 'distance', distance: { center: 'geo:52.1,4.2', radius: '1 km' } } };
const open = {
  name: 'Open ring',
  shape: { type: 'polygon', format: 'geojson', geojson: { type: 'Polygon', coordinates: [[[4, 52], [4.1, 52], [4.1, 52.1], [4, 52.1]]] } },
};
const noRadius = { name: 'Flat circle', shape: { type: 'circle', format: 'distance', distance: { center: 'geo:52.1,4.2', radius: '0 km' } } };

describe('fixture locations', () => {
  let database: Database;
  afterEach(() => database.close());

  it('refuses bad geometry with every problem named by location, and loads nothing', async () => {
    database = await openTestDatabase('pglite');
    const attempt = loadFixture(database, baseFixture({ locations: [good, open, noRadius] }));
    await expect(attempt).rejects.toBeInstanceOf(FixtureError);
    await expect(attempt).rejects.toThrow(
      "Invalid location geometry:\n  locations[1] 'Open ring': ring 0: not closed (first position [4,52] differs from last [4,52.1])\n  locations[2] 'Flat circle': radius '0 km' is not positive",
    );
    expect(await database.execute('SELECT id FROM locations')).toEqual([]);
    expect(await database.execute('SELECT id FROM projects')).toEqual([]);
  });

  it('loads good geometry', async () => {
    database = await openTestDatabase('pglite');
    await loadFixture(database, baseFixture({ locations: [good] }));
    expect(await database.execute('SELECT name FROM locations')).toEqual([{ name: 'Good' }]);
  });

  it('accepts the demo project', async () => {
    database = await openTestDatabase('pglite');
    const demo = (await import('../demo.json', { with: { type: 'json' } })).default;
    await loadFixture(database, demo);
    const rows = await database.execute<{ type: string; n: number }>("SELECT shape->>'type' AS type, count(*)::int AS n FROM locations GROUP BY 1 ORDER BY 1");
    expect(rows).toEqual([{ type: 'circle', n: 8 }, { type: 'polygon', n: 6 }]);
  });
});
