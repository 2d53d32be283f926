import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabases } from '../../../test/support/databases';
import type { Database } from '../../platform/db/client';
import { PgDialect } from 'drizzle-orm/pg-core';
import { boundQuery, createBoss, inTransaction } from './boss';
import { ensureQueue } from './job-client';

describe('boundQuery', () => {
  it('keeps pg-boss text and passes each $n as a parameter, repeated ones included', () => {
    const query = new PgDialect().sqlToQuery(boundQuery('SELECT $1::int, $2, right($3, 1), $3, $10', [1, undefined, 'x', 4, 5, 6, 7, 8, 9, { a: 1 }]));
    expect(query.sql).toBe('SELECT $1::int, $2, right($3, 1), $4, $5');
    expect(query.params).toEqual([1, null, 'x', 'x', '{"a":1}']);
  });
});

describe.each(testDatabases())('pg-boss on the service database (%s)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('installs, and a failing maintenance transaction leaves the connection usable', async () => {
    const boss = createBoss(database, { supervise: false, schedule: false });
    await boss.start();
    const adapter = (boss as unknown as { getDb(): { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } }).getDb();
    await expect(adapter.executeSql('\n    BEGIN;\n    SELECT 1/0;\n    COMMIT;\n  ')).rejects.toThrow('division by zero');
    expect((await adapter.executeSql('SELECT 1 AS one', [])).rows).toEqual([{ one: 1 }]);
    expect(await database.execute('SELECT 2 AS two')).toEqual([{ two: 2 }]);
  });

  it('sends a job inside a Drizzle transaction: it exists only if the transaction commits', async () => {
    const boss = createBoss(database, { supervise: false, schedule: false });
    await boss.start();
    await ensureQueue(boss, { name: 'boss-test', options: { retryLimit: 0 } });
    let rolledBack: string | null = null;
    await database.db
      .transaction(async (tx) => {
        rolledBack = await boss.send('boss-test', { n: 1 }, { db: inTransaction(tx) });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const committed = await database.db.transaction((tx) => boss.send('boss-test', { n: 2 }, { db: inTransaction(tx) }));
    expect(rolledBack).toMatch(/^[0-9a-f-]{36}$/);
    expect(await boss.getJobById('boss-test', rolledBack as unknown as string)).toBeNull();
    expect(await boss.getJobById('boss-test', committed as string)).toMatchObject({ data: { n: 2 }, state: 'created' });
  });
});
