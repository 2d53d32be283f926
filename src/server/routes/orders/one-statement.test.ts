import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { contractErrors } from '../../../../test/support/openapi';
import { orderFixture } from '../../../../test/support/order-fixture';
import { startTestService, type TestService } from '../../../../test/support/service';

/**
 * The common new paid order is one statement (services/order-in-one-statement.ts): Bob holds only
 * FIX-BOB, in Fixed Club, whose order rule (1 point per 1.00) has no limit and holds nothing
 * pending. Counting the one-statement writes is how these tests tell the path taken; what they
 * check is what a client sees.
 */
describe.each(testDatabases())('A new paid order in one statement (%s)', (kind) => {
  let service: TestService;
  let oneStatementWrites = 0;
  const fixed = () => service.project.ids.campaigns.get('Fixed Club') as string;
  const balance = async () => (await service.call('GET', '/v1/loyalties/members/FIX-BOB')).body.loyalty_card.balance as number;
  const order = (body: object) => service.call('POST', '/v1/orders', { body });

  beforeAll(async () => {
    service = await startTestService(kind, orderFixture());
    const writes = service.ctx.eventWrites;
    const run = writes.run.bind(writes);
    writes.run = (input) => {
      if (input.order) oneStatementWrites++;
      return run(input);
    };
  });
  afterAll(() => service.close());

  it('writes the order, its event and its points together, and answers what a read of the order answers', async () => {
    const before = await balance();
    const writes = oneStatementWrites;
    const res = await order({ source_id: 'fast-1', customer: { source_id: 'bob' }, status: 'PAID', items: [{ source_id: 'mug', quantity: 2 }], metadata: { store: 'Oslo', channel: 'web' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(oneStatementWrites).toBe(writes + 1);
    expect(contractErrors('loyalty-rest', '/v1/orders', 'post', 200, res.body)).toEqual([]);
    expect(res.body).toMatchObject({ status: 'PAID', amount: 3000, total_amount: 3000, customer: { object: 'customer' }, items: [{ product_id: 'prod_fixturemug', quantity: 2, amount: 3000 }] });
    expect((await service.call('GET', `/v1/orders/${res.body.id}`)).body).toEqual(res.body);
    expect(await balance()).toBe(before + 30);
    const [latest] = (await service.call('GET', '/v1/loyalties/members/FIX-BOB/transactions?limit=1')).body.data;
    expect(latest).toMatchObject({ type: 'POINTS_ACCRUAL', reason: "Earning rule 'Per 1.00 spent' for order fast-1", details: { order: { id: res.body.id, source_id: 'fast-1' } } });
  });

  it('leaves an existing source id to the transaction, which updates the order and earns nothing more', async () => {
    const first = await order({ source_id: 'fast-2', customer: 'bob', status: 'PAID', amount: 1000 });
    const after = await balance();
    const again = await order({ source_id: 'fast-2', customer: 'bob', status: 'PAID', amount: 4000 });
    expect(again.body).toMatchObject({ id: first.body.id, amount: 4000, status: 'PAID' });
    expect(await balance()).toBe(after);
  });

  it('reads the rules again when they changed since the last order: a disabled rule earns nothing, enabled again it earns', async () => {
    const rule = ((await service.call('GET', `/v1/loyalties/${fixed()}/earning-rules?limit=100`)).body.data as { id: string; source?: { banner?: string } }[]).find(
      (r) => r.source?.banner === 'Per 1.00 spent',
    );
    expect(rule).toBeDefined();
    await order({ customer: 'bob', status: 'PAID', amount: 500 });
    const before = await balance();
    expect((await service.call('POST', `/v1/loyalties/${fixed()}/earning-rules/${rule?.id}/disable`)).status).toBe(200);
    expect((await order({ customer: 'bob', status: 'PAID', amount: 700 })).status).toBe(200);
    expect(await balance()).toBe(before);
    expect((await service.call('POST', `/v1/loyalties/${fixed()}/earning-rules/${rule?.id}/enable`)).status).toBe(200);
    expect((await order({ customer: 'bob', status: 'PAID', amount: 900 })).status).toBe(200);
    expect(await balance()).toBe(before + 9);
  });

  it('earns once for each of 30 new orders sent together, and once for 10 sent together under one source id', async () => {
    const before = await balance();
    const many = await Promise.all(Array.from({ length: 30 }, (_, n) => order({ source_id: `burst-${n}`, customer: 'bob', status: 'PAID', amount: 100 * (n + 1) })));
    expect(many.map((a) => a.status)).toEqual(Array(30).fill(200));
    const same = await Promise.all(Array.from({ length: 10 }, () => order({ source_id: 'burst-same', customer: 'bob', status: 'PAID', amount: 1000 })));
    expect(new Set(same.map((a) => a.body.id)).size).toBe(1);
    // 1 + 2 + … + 30 points, and 10 once.
    expect(await balance()).toBe(before + 465 + 10);
    const [{ count }] = await service.database.execute<{ count: string }>(`SELECT count(*) FROM card_transactions WHERE details->'order'->>'source_id' LIKE 'burst-%'`);
    expect(Number(count)).toBe(31);
  });
});
