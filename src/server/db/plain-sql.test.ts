import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabases } from '../../../test/support/databases';
import { loadFixture } from '../seed/load-fixture';
import type { Database } from '../../platform/db/client';
import { plainRows, tableRows } from './plain-sql';
import { vouchers } from '../../platform/db/schema';

describe.each(testDatabases())('plain SQL (%s)', (kind) => {
  let database: Database;
  let projectId: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ({ projectId } = await loadFixture(database, {
      project: { name: 'plain' },
      api_keys: [{ name: 'k' }],
      campaigns: [{ name: 'Club', type: 'STATIC', cards: [{ code: 'PL-1', metadata: { color: 'red' }, expiration_date: '2030-01-01T00:00:00.000Z' }] }],
    }));
  });
  afterAll(() => database.close());

  it('maps a whole row as Drizzle does', async () => {
    const rows = tableRows(vouchers);
    const [values] = await plainRows(database.db, `SELECT ${rows.columns('v')} FROM vouchers v WHERE v.project_id = $1`, [projectId]);
    const [drizzled] = await database.db.query.vouchers.findMany({ where: (v, { eq }) => eq(v.projectId, projectId) });
    expect(rows.row(values)).toEqual(drizzled);
    expect(rows.row(values)).toMatchObject({ code: 'PL-1', metadata: { color: 'red' }, expirationDate: new Date('2030-01-01T00:00:00.000Z'), points: 0 });
  });

  it('runs inside the transaction it is given, seeing its writes and rolled back with it', async () => {
    const rolledBack = new Error('roll back');
    await expect(
      database.db.transaction(async (tx) => {
        await plainRows(tx, "UPDATE vouchers SET additional_info = 'inside' WHERE project_id = $1", [projectId]);
        const [[seen]] = await plainRows(tx, 'SELECT additional_info FROM vouchers WHERE project_id = $1', [projectId]);
        expect(seen).toBe('inside');
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    const [[after]] = await plainRows(database.db, 'SELECT additional_info FROM vouchers WHERE project_id = $1', [projectId]);
    expect(after).toBeNull();
  });

  it('runs the same text again with other values (a named statement on PostgreSQL)', async () => {
    const text = 'SELECT count(*)::int FROM vouchers WHERE project_id = $1';
    expect(await plainRows(database.db, text, [projectId])).toEqual([[1]]);
    expect(await plainRows(database.db, text, ['proj_none'])).toEqual([[0]]);
  });

  it('passes every kind of value through unchanged, however it is sent (a prepared statement with quoted literals on PGlite)', async () => {
    const text = 'SELECT $1::text, $2::int, $3::boolean, $4::timestamptz, $5::text, $6::text::jsonb, $7::text[]';
    const awkward = `it's a \\ back'slash \\' and "quotes" ''; DROP TABLE vouchers; --`;
    const at = new Date('2026-03-02T12:00:00.000Z');
    const json = JSON.stringify({ say: awkward, n: 1 });
    for (let round = 0; round < 2; round++) {
      const [row] = await plainRows(database.db, text, [awkward, 7, false, at, null, json, ['a', "b'c"]]);
      expect(row).toEqual([awkward, 7, false, at, null, { say: awkward, n: 1 }, ['a', "b'c"]]);
    }
  });
});
