import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { spendFixture } from '../../../../test/support/spend-fixture';
import { startTwoProcesses, type TwoProcesses } from '../../../../test/support/two-processes';

/**
 * Two service processes on one PostgreSQL, as behind a load balancer: parallel redemptions on one
 * card, spread over both, still serialize on the card's row lock, so the balance pays exactly as
 * many as it can and never goes below zero.
 */
describe.runIf(testDatabases().includes('postgres'))('Redeem reward across two service processes on one PostgreSQL', () => {
  let two: TwoProcesses;

  beforeAll(async () => {
    two = await startTwoProcesses(spendFixture(), 'two');
  }, 120_000);
  afterAll(() => two?.close());

  it('lets exactly 2 of 10 parallel 300-point redemptions through on a 600-point card', async () => {
    const { database, headers } = two;
    const body = JSON.stringify({ reward: { id: two.project.ids.rewards.get('Lunch') } });
    // Alternating between the two processes: five each.
    const responses = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const response = await fetch(`${two.addresses[i % 2]}/v1/loyalties/members/FIX-CAROL/redemption`, { method: 'POST', headers, body });
        return { status: response.status, body: (await response.json()) as { key?: string } };
      }),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 400, 400, 400, 400, 400, 400, 400, 400]);
    for (const refused of responses.filter((r) => r.status === 400)) expect(refused.body.key).toBe('loyalty_card_points_exceeded');
    const [card] = await database.execute<{ id: string; balance: string; redeemed_points: string }>("SELECT id, balance, redeemed_points FROM vouchers WHERE code = 'FIX-CAROL'");
    expect({ balance: Number(card.balance), redeemed: Number(card.redeemed_points) }).toEqual({ balance: 0, redeemed: 600 });
    const [{ remaining }] = await database.execute<{ remaining: string }>('SELECT coalesce(sum(remaining), 0) AS remaining FROM point_buckets WHERE voucher_id = $1', [card.id]);
    expect(Number(remaining)).toBe(0);
    const [{ n }] = await database.execute<{ n: string }>("SELECT count(*) AS n FROM card_transactions WHERE voucher_id = $1 AND type = 'POINTS_REDEMPTION'", [card.id]);
    expect(Number(n)).toBe(2);
  });
});
