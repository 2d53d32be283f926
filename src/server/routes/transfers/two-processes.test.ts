import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { spendFixture } from '../../../../test/support/spend-fixture';
import { startTwoProcesses, type TwoProcesses } from '../../../../test/support/two-processes';

/**
 * Two service processes on one PostgreSQL: 20 parallel transfers between two cards in both
 * directions, spread over both processes, lock both cards in id order and so serialize: the total
 * stays exact, no card goes below 0, and each card's buckets hold its balance.
 */
describe.runIf(testDatabases().includes('postgres'))('Transfer Loyalty Points across two service processes on one PostgreSQL', () => {
  let two: TwoProcesses;

  beforeAll(async () => {
    two = await startTwoProcesses(spendFixture(), 'transfer');
  }, 120_000);
  afterAll(() => two?.close());

  it('keeps 1,600 points between FIX-BOB and FIX-CAROL through 20 parallel transfers both ways', async () => {
    const { database, headers, addresses } = two;
    const fixed = two.project.ids.campaigns.get('Fixed Club') as string;
    const responses = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const [to, from] = i % 2 === 0 ? ['FIX-CAROL', 'FIX-BOB'] : ['FIX-BOB', 'FIX-CAROL'];
        const response = await fetch(`${addresses[Math.floor(i / 2) % 2]}/v1/loyalties/${fixed}/members/${to}/transfers`, { method: 'POST', headers, body: JSON.stringify([{ code: from, points: 400 }]) });
        return { to, status: response.status, body: (await response.json()) as { key?: string } };
      }),
    );
    for (const r of responses) expect([200, 400]).toContain(r.status);
    for (const r of responses.filter((x) => x.status === 400)) expect(r.body.key).toBe('loyalty_card_points_exceeded');
    const toBob = responses.filter((r) => r.to === 'FIX-BOB' && r.status === 200).length;
    const toCarol = responses.filter((r) => r.to === 'FIX-CAROL' && r.status === 200).length;
    const cards = await database.execute<{ code: string; balance: string; buckets: string }>(
      "SELECT v.code, v.balance, (SELECT coalesce(sum(remaining), 0) FROM point_buckets b WHERE b.voucher_id = v.id) AS buckets FROM vouchers v WHERE v.code IN ('FIX-BOB', 'FIX-CAROL') ORDER BY v.code",
    );
    const [bob, carol] = cards.map((c) => ({ balance: Number(c.balance), buckets: Number(c.buckets) }));
    expect(bob.balance + carol.balance).toBe(1600);
    expect(bob.balance).toBe(1000 + 400 * toBob - 400 * toCarol);
    expect(Math.min(bob.balance, carol.balance)).toBeGreaterThanOrEqual(0);
    expect([bob.buckets, carol.buckets]).toEqual([bob.balance, carol.balance]);
    const [{ n }] = await database.execute<{ n: string }>("SELECT count(*) AS n FROM card_transactions WHERE type IN ('POINTS_TRANSFER_IN', 'POINTS_TRANSFER_OUT')");
    expect(Number(n)).toBe(2 * (toBob + toCarol));
  });
});
