import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { startTestService, type TestService } from '../../../../test/support/service';

/** List Orders: `order` by created_at or updated_at either way, `limit` and `page`, exactly the orders asked for. */
describe.each(testDatabases())('List Orders: order, limit, page (%s)', (kind) => {
  let service: TestService;
  const made: string[] = [];
  const ids = async (query: string) => {
    const res = await service.call('GET', `/v1/orders?${query}`);
    expect(res.status, `${query} ${JSON.stringify(res.body)}`).toBe(200);
    return { ids: (res.body.orders as { id: string }[]).map((o) => o.id), total: res.body.total as number };
  };

  beforeAll(async () => {
    service = await startTestService(kind);
    for (const source_id of ['o-1', 'o-2', 'o-3']) {
      service.clock.advance(1000);
      const res = await service.call('POST', '/v1/orders', { body: { source_id, customer: 'alice', status: 'CREATED', amount: 1000 } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      made.push(res.body.id);
    }
    // The first order is updated last.
    service.clock.advance(1000);
    expect((await service.call('PUT', `/v1/orders/${made[0]}`, { body: { amount: 1200 } })).status).toBe(200);
  });
  afterAll(() => service.close());

  it('by creation: oldest first by default, newest first with -created_at', async () => {
    expect(await ids('')).toEqual({ ids: made, total: 3 });
    expect((await ids('order=-created_at')).ids).toEqual([...made].reverse());
  });

  it('by update: a never-updated order counts as updated when it was made', async () => {
    expect((await ids('order=updated_at')).ids).toEqual([made[1], made[2], made[0]]);
    expect((await ids('order=-updated_at')).ids).toEqual([made[0], made[2], made[1]]);
  });

  it('a page at a time', async () => {
    expect(await ids('limit=2&page=1')).toEqual({ ids: made.slice(0, 2), total: 3 });
    expect(await ids('limit=2&page=2')).toEqual({ ids: [made[2]], total: 3 });
  });
});
