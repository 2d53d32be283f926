import { describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabases } from '../../../test/support/databases';
import { loadFixture } from './load-fixture';

// Statistics are PostgreSQL's concern: PGlite serves small demo data.
describe.runIf(testDatabases().includes('postgres'))('loadFixture (postgres)', () => {
  it('analyzes vouchers after generating a large pool, so the next-card pick is planned on real counts', async () => {
    const database = await openTestDatabase('postgres');
    try {
      await loadFixture(database, { project: { name: 'big pool' }, api_keys: [{ name: 'k' }], campaigns: [{ name: 'Club', type: 'AUTO_UPDATE', generated_cards: 10_000 }] });
      const [stats] = await database.execute<{ analyzed: boolean }>("SELECT last_analyze IS NOT NULL AS analyzed FROM pg_stat_user_tables WHERE relname = 'vouchers'");
      expect(stats.analyzed).toBe(true);
    } finally {
      await database.close();
    }
  });
});
