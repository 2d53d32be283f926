import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { spendFixture } from '../../../../test/support/spend-fixture';
import { startTwoProcesses, type TwoProcesses } from '../../../../test/support/two-processes';

/**
 * Two service processes on one PostgreSQL: parallel rollbacks of one redemption, spread over both,
 * serialize on the card's lock, so the redemption is undone once: one refund, the stock back once.
 */
describe.runIf(testDatabases().includes('postgres'))('Rollback Redemption across two service processes on one PostgreSQL', () => {
  let two: TwoProcesses;

  beforeAll(async () => {
    two = await startTwoProcesses(spendFixture(), 'rollback');
  }, 120_000);
  afterAll(() => two?.close());

  it('restores a redemption once under 10 parallel rollbacks over two processes', async () => {
    const { database, headers, addresses } = two;
    const mug = two.project.ids.rewards.get('Mug') as string;
    const redeemed = await fetch(`${addresses[0]}/v1/loyalties/members/FIX-CAROL/redemption`, { method: 'POST', headers, body: JSON.stringify({ reward: { id: mug } }) });
    expect(redeemed.status).toBe(200);
    const { id } = (await redeemed.json()) as { id: string };
    const responses = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const response = await fetch(`${addresses[i % 2]}/v1/redemptions/${id}/rollback?reason=twice`, { method: 'POST', headers, body: '{}' });
        return { status: response.status, body: (await response.json()) as { key?: string } };
      }),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400, 400, 400, 400, 400, 400]);
    for (const refused of responses.filter((r) => r.status === 400)) expect(refused.body.key).toBe('already_rolled_back');
    const [card] = await database.execute<{ id: string; balance: string }>("SELECT id, balance FROM vouchers WHERE code = 'FIX-CAROL'");
    expect(Number(card.balance)).toBe(600);
    const [{ remaining }] = await database.execute<{ remaining: string }>('SELECT coalesce(sum(remaining), 0) AS remaining FROM point_buckets WHERE voucher_id = $1', [card.id]);
    expect(Number(remaining)).toBe(600);
    const [{ n }] = await database.execute<{ n: string }>("SELECT count(*) AS n FROM card_transactions WHERE voucher_id = $1 AND type = 'POINTS_REFUND'", [card.id]);
    expect(Number(n)).toBe(1);
    const [{ stock }] = await database.execute<{ stock: number }>('SELECT stock FROM rewards WHERE id = $1', [mug]);
    expect(stock).toBe(2);
  });
});
