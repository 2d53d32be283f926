import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { orderFixture } from '../../../../test/support/order-fixture';
import { startTwoProcesses, type TwoProcesses } from '../../../../test/support/two-processes';

/**
 * Two service processes on one PostgreSQL, as behind a load balancer: an order marked PAID by 20
 * parallel requests spread over both earns once, and so does a new order upserted by 10 at once,
 * because each change to an order holds the order's row lock while it decides whether it is the
 * one that makes the order PAID.
 */
describe.runIf(testDatabases().includes('postgres'))('Orders across two service processes on one PostgreSQL', () => {
  let two: TwoProcesses;
  const call = async (i: number, method: string, path: string, body: unknown) => {
    const response = await fetch(`${two.addresses[i % 2]}${path}`, { method, headers: two.headers, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as { id: string } };
  };
  const balanceOf = async (code: string) => Number((await two.database.execute<{ balance: string }>('SELECT balance FROM vouchers WHERE code = $1', [code]))[0].balance);

  beforeAll(async () => {
    two = await startTwoProcesses(orderFixture(), 'orders2');
  }, 120_000);
  afterAll(() => two?.close());

  it('earns once for an order marked PAID 20 times in parallel, and once for a new order upserted 10 times', async () => {
    const created = await call(0, 'POST', '/v1/orders', { source_id: 'two-1', customer: 'bob', status: 'CREATED', amount: 4200 });
    const before = await balanceOf('FIX-BOB');
    const paid = await Promise.all(Array.from({ length: 20 }, (_, i) => call(i, 'PUT', `/v1/orders/${created.body.id}`, { status: 'PAID' })));
    expect(paid.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await balanceOf('FIX-BOB')).toBe(before + 42);

    const upserts = await Promise.all(Array.from({ length: 10 }, (_, i) => call(i, 'POST', '/v1/orders', { source_id: 'two-2', customer: 'bob', status: 'PAID', amount: 1000 })));
    expect(upserts.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(upserts.map((r) => r.body.id)).size).toBe(1);
    expect(await balanceOf('FIX-BOB')).toBe(before + 52);
    const [{ n }] = await two.database.execute<{ n: string }>("SELECT count(*) AS n FROM card_transactions t JOIN vouchers v ON v.id = t.voucher_id WHERE v.code = 'FIX-BOB' AND t.type = 'POINTS_ACCRUAL'");
    expect(Number(n)).toBe(2);
  });
});
