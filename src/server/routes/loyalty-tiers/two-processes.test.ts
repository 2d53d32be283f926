import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { tierFixture } from '../../../../test/support/tier-fixture';
import { startTwoProcesses, type TwoProcesses } from '../../../../test/support/two-processes';

/**
 * Two service processes on one PostgreSQL, as behind a load balancer: parallel earns spread over
 * both that take a member across two thresholds record one join and one upgrade, once each, and
 * both processes answer the same tier, because every catch-up of a member's tier runs under the
 * card's lock and folds each card transaction once (member_tiers.last_seq).
 */
describe.runIf(testDatabases().includes('postgres'))('Loyalty tiers across two service processes on one PostgreSQL', () => {
  let two: TwoProcesses;
  const call = async (i: number, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${two.addresses[i % 2]}${path}`, { method, headers: two.headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as { data: { name: string; expiration: object }[] } };
  };

  beforeAll(async () => {
    two = await startTwoProcesses(tierFixture(), 'tiers2');
  }, 120_000);
  afterAll(() => two?.close());

  it('24 parallel earns over both processes: joined Silver and upgraded to Gold once each; both processes agree', async () => {
    const earns = await Promise.all(Array.from({ length: 24 }, (_, i) => call(i, 'POST', '/v1/events', { event: 'purchase', customer: { source_id: 'carol' }, metadata: { amount: 30 } })));
    expect(earns.map((r) => r.status)).toEqual(Array(24).fill(200));
    const [first, second] = await Promise.all([call(0, 'GET', '/v1/loyalties/members/BAL-CAROL/tiers'), call(1, 'GET', '/v1/loyalties/members/BAL-CAROL/tiers')]);
    expect(first.body.data.map((t) => t.name)).toEqual(['Gold']);
    expect(second.body.data).toEqual(first.body.data);
    const changes = await two.database.execute<{ type: string }>(
      "SELECT c.type FROM member_tier_changes c JOIN vouchers v ON v.id = c.voucher_id WHERE v.code = 'BAL-CAROL' ORDER BY c.created_at, c.seq",
    );
    expect(changes.map((c) => c.type)).toEqual(['joined', 'upgraded']);
    // Gold doubles Purchase: every event after the one that reached 500 earned 60, the ones before 30.
    const [{ balance }] = await two.database.execute<{ balance: string }>("SELECT balance FROM vouchers WHERE code = 'BAL-CAROL'");
    const before = Math.ceil(500 / 30);
    expect(Number(balance)).toBe(before * 30 + (24 - before) * 60);
  });
});
