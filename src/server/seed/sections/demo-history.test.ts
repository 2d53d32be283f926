import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../test/support/databases';
import type { Database } from '../../../platform/db/client';
import { expirationDateOf } from '../../domain/points-expiration';
import type { PointsExpiration } from '../../../contract/earning-rule';
import demo from '../demo.json' with { type: 'json' };
import { loadFixture } from '../load-fixture';

/** The demo's card history as its rules would have made it (issue 32). */
describe('the demo fixture’s card history', () => {
  let database: Database;
  afterEach(() => database.close());

  async function loadDemoCards() {
    database = await openTestDatabase('pglite');
    await loadFixture(database, { project: demo.project, api_keys: demo.api_keys, categories: demo.categories, customers: demo.customers, campaigns: demo.campaigns, transactions: demo.transactions } as never);
  }

  it('gives each card to its customer before the points the card earned, and after the customer existed', async () => {
    await loadDemoCards();
    const rows = await database.execute<{ code: string; published: Date; customer_created: Date; first_points: Date | null }>(
      `SELECT v.code, p.created_at AS published, c.created_at AS customer_created, (SELECT min(t.created_at) FROM card_transactions t WHERE t.voucher_id = v.id) AS first_points
         FROM publications p JOIN vouchers v ON v.id = p.voucher_id JOIN customers c ON c.id = p.customer_id ORDER BY v.code`,
    );
    expect(rows.length).toBe(11);
    for (const row of rows) {
      if (row.first_points) expect(new Date(row.published).getTime(), row.code).toBeLessThan(new Date(row.first_points).getTime());
      expect(new Date(row.published).getTime(), row.code).toBeGreaterThan(new Date(row.customer_created).getTime());
    }
  });

  it('lets the seeded points expire by their program’s rule (Coffee Club: 12 months, to the end of the month)', async () => {
    await loadDemoCards();
    const coffee = demo.campaigns.find((campaign) => campaign.name === 'Coffee Club')!;
    expect(coffee.points_expiration?.type).toBe('ROLLING_EXPIRATION');
    const buckets = await database.execute<{ code: string; program: string; expires_on: string | null; created_at: Date }>(
      `SELECT v.code, c.name AS program, b.expires_on, b.created_at FROM point_buckets b JOIN vouchers v ON v.id = b.voucher_id JOIN campaigns c ON c.id = v.campaign_id`,
    );
    const coffeeBuckets = buckets.filter((bucket) => bucket.program === 'Coffee Club');
    expect(coffeeBuckets.length).toBeGreaterThan(10);
    for (const bucket of coffeeBuckets) expect(bucket.expires_on, bucket.code).toBe(expirationDateOf(coffee.points_expiration as PointsExpiration, new Date(bucket.created_at)));
    // Points earned on 2 October 2026 last to the end of October 2027.
    expect(expirationDateOf(coffee.points_expiration as PointsExpiration, new Date('2026-10-02T10:00:00Z'))).toBe('2027-10-31');
  });
});
