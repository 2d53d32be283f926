import { describe, expect, it } from 'vitest';
import { scratchPostgresDatabase, testDatabases } from '../../../test/support/databases';
import { openDatabase } from './client';

describe.runIf(testDatabases().includes('postgres'))('openDatabase (postgres)', () => {
  it('migrates and serves with a pool of one connection', async () => {
    const scratch = await scratchPostgresDatabase(process.env.TEST_DATABASE_URL as string, 'pool1');
    try {
      const opened = openDatabase({ url: scratch.url, poolSize: 1 });
      const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('openDatabase did not finish within 10 s')), 10_000));
      const database = (await Promise.race([opened, timeout])) as Awaited<typeof opened>;
      const [{ tables }] = await database.execute<{ tables: number }>("SELECT count(*)::int AS tables FROM information_schema.tables WHERE table_name IN ('customers', 'vouchers')");
      expect(tables).toBe(2);
      await database.close();
    } finally {
      await scratch.drop();
    }
  });
});
