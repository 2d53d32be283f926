import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { startTestService, type TestService } from '../../../../test/support/service';
import { tierFixture } from '../../../../test/support/tier-fixture';

/** List Loyalty Tiers (`limit`, `order`) and List Loyalty Tier Earning Rules (`limit`, `page`): exactly the tiers and rules asked for. */
describe.each(testDatabases())('Tier lists: limit, order, page (%s)', (kind) => {
  let service: TestService;
  const id = (name: string) => service.project.ids.campaigns.get(name) as string;
  const names = async (query: string) => {
    const res = await service.call('GET', `/v1/loyalties/${id('Tier Club')}/tiers?${query}`);
    expect(res.status, `${query} ${JSON.stringify(res.body)}`).toBe(200);
    return { names: (res.body.data as { name: string }[]).map((t) => t.name), total: res.body.total as number };
  };

  beforeAll(async () => {
    service = await startTestService(kind, tierFixture());
    // Created newest-first by points: Gold (a minute before) Silver (a minute before) Bronze.
    for (const [name, from, to] of [
      ['Gold', 1000, 4999],
      ['Silver', 500, 999],
      ['Bronze', 100, 499],
    ] as const) {
      service.clock.advance(60_000);
      expect((await service.call('POST', `/v1/loyalties/${id('Tier Club')}/tiers`, { body: [{ name, points: { from, to } }] })).status).toBe(200);
    }
  });
  afterAll(() => service.close());

  it('tiers: by points without an order, by creation either way with one, at most limit of them', async () => {
    expect(await names('')).toEqual({ names: ['Bronze', 'Silver', 'Gold'], total: 3 });
    expect((await names('order=created_at')).names).toEqual(['Gold', 'Silver', 'Bronze']);
    expect((await names('order=-created_at')).names).toEqual(['Bronze', 'Silver', 'Gold']);
    // Never updated: updated_at is the creation time.
    expect((await names('order=updated_at')).names).toEqual(['Gold', 'Silver', 'Bronze']);
    expect((await names('order=-updated_at')).names).toEqual(['Bronze', 'Silver', 'Gold']);
    expect(await names('limit=2&order=created_at')).toEqual({ names: ['Gold', 'Silver'], total: 3 });
  });

  it('a tier’s earning rules: paged by limit and page, oldest first', async () => {
    const tiers = (await service.call('GET', `/v1/loyalties/${id('Balance Club')}/tiers`)).body.data as { id: string; name: string }[];
    const gold = tiers.find((t) => t.name === 'Gold') as { id: string };
    const path = `/v1/loyalties/${id('Balance Club')}/tiers/${gold.id}/earning-rules`;
    const all = (await service.call('GET', `${path}?limit=100`)).body;
    expect(all.data.length).toBeGreaterThanOrEqual(2);
    const rules = (all.data as { id: string }[]).map((r) => r.id);
    for (let page = 1; page <= rules.length; page++) {
      const one = (await service.call('GET', `${path}?limit=1&page=${page}`)).body;
      expect(one, `page ${page}`).toMatchObject({ total: rules.length, data: [{ id: rules[page - 1] }] });
    }
    expect((await service.call('GET', `${path}?limit=1&page=${rules.length + 1}`)).body).toMatchObject({ total: rules.length, data: [] });
  });
});
