import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { orderRule, proportional } from '../../../../test/support/order-fixture';
import { startTestService, type TestService } from '../../../../test/support/service';
import { spendFixture } from '../../../../test/support/spend-fixture';

/** The three pending-points lists: `limit`, `order` by id and `starting_after_id` return exactly the entries asked for. */
describe.each(testDatabases())('List pending points: limit, order, starting_after_id (%s)', (kind) => {
  let service: TestService;
  const auto = () => service.project.ids.campaigns.get('Auto Club') as string;
  const ids = async (path: string, query = '') => {
    const res = await service.call('GET', `${path}?${query}`);
    expect(res.status, `${path}?${query} ${JSON.stringify(res.body)}`).toBe(200);
    return { ids: (res.body.data as { id: string }[]).map((e) => e.id), has_more: res.body.has_more as boolean, after: res.body.more_starting_after as string | undefined };
  };
  let alice: string[] = [];
  let bob: string[] = [];

  beforeAll(async () => {
    service = await startTestService(
      kind,
      spendFixture({
        earning_rules: [orderRule('Held 7 days', [proportional('PRE_DISCOUNT_ORDER_AMOUNT', { order: { amount: { every: 100, value: 1 } } })], { campaigns: ['Auto Club'], pending_points: { period_type: 'DAY', period_value: 7 } })],
      }),
    );
    expect((await service.call('POST', `/v1/loyalties/${auto()}/members`, { body: { customer: 'bob' } })).status).toBe(200);
    for (const customer of ['alice', 'bob', 'alice', 'alice']) {
      service.clock.advance(1000);
      expect((await service.call('POST', '/v1/orders', { body: { customer, status: 'PAID', amount: 2000 } })).status).toBe(200);
    }
    alice = (await ids('/v1/loyalties/members/AUTO-ALICE/pending-points', 'limit=100')).ids;
    const all = (await ids(`/v1/loyalties/${auto()}/pending-points`, 'limit=100')).ids;
    bob = all.filter((id) => !alice.includes(id));
  });
  afterAll(() => service.close());

  it('a member’s list, on both paths: oldest first by id, or newest with order=-id, paged after starting_after_id', async () => {
    expect(alice).toHaveLength(3);
    expect(bob).toHaveLength(1);
    expect([...alice].sort()).toEqual(alice);
    const code = (await service.call('GET', `/v1/loyalties/${auto()}/members?customer=alice`)).body.vouchers[0].code as string;
    for (const path of ['/v1/loyalties/members/AUTO-ALICE/pending-points', `/v1/loyalties/${auto()}/members/${code}/pending-points`]) {
      expect((await ids(path, 'order=-id')).ids).toEqual([...alice].reverse());
      expect(await ids(path, 'limit=2')).toEqual({ ids: alice.slice(0, 2), has_more: true, after: alice[1] });
      expect(await ids(path, `limit=2&starting_after_id=${alice[1]}`)).toMatchObject({ ids: [alice[2]], has_more: false });
      expect((await ids(path, `order=-id&starting_after_id=${alice[1]}`)).ids).toEqual([alice[0]]);
    }
  });

  it('the program’s list: every member’s entries, ordered and paged the same way', async () => {
    const path = `/v1/loyalties/${auto()}/pending-points`;
    const all = [...alice, ...bob].sort();
    expect((await ids(path, 'limit=100')).ids).toEqual(all);
    expect((await ids(path, 'limit=100&order=-id')).ids).toEqual([...all].reverse());
    expect(await ids(path, 'limit=1')).toEqual({ ids: [all[0]], has_more: true, after: all[0] });
    expect((await ids(path, `starting_after_id=${all[1]}`)).ids).toEqual(all.slice(2));
  });
});
