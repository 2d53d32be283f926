import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../test/support/databases';
import { baseFixture } from '../../../test/support/fixtures';
import { startTestService, type TestService } from '../../../test/support/service';

/**
 * Every query parameter a published list documents is applied, none ignored (issue 34; the
 * contract test in http/openapi fails on any documented parameter a list does not take). One test
 * per list that had such parameters: what each returns is exactly what matches.
 */
describe.each(testDatabases())('List filters the contract documents (%s)', (kind) => {
  let service: TestService;
  const auto = () => service.project.ids.campaigns.get('Auto Club') as string;
  const get = async (path: string) => {
    const res = await service.call('GET', path);
    expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  };
  const times: string[] = [];
  const holders = new Map<string, string>();

  beforeAll(async () => {
    service = await startTestService(kind, baseFixture());
    service.clock.set('2026-04-01T09:00:00.000Z');
    // Three Auto Club members a day apart, each with a card transaction on its day.
    for (const name of ['ann', 'ben', 'cat']) {
      service.clock.advance(86_400_000);
      times.push(service.clock.now().toISOString());
      const member = await service.call('POST', `/v1/loyalties/${auto()}/members`, { body: { customer: { source_id: name } } });
      expect(member.status, JSON.stringify(member.body)).toBe(200);
      holders.set(member.body.holder_id, name);
    }
  });
  afterAll(() => service.close());

  const codes = async (query: string) =>
    ((await get(`/v1/loyalties/${auto()}/members?limit=100&order=created_at&${query}`)).vouchers as { holder_id: string | null }[])
      .filter((v) => v.holder_id && holders.has(v.holder_id))
      .map((v) => holders.get(v.holder_id as string));

  it('List Members: created_at and updated_at [before]/[after], dates or instants, strict', async () => {
    expect(await codes(`created_at[after]=${times[0]}`)).toEqual(['ben', 'cat']);
    expect(await codes(`created_at[before]=${times[2]}&created_at[after]=${times[0]}`)).toEqual(['ben']);
    expect(await codes('created_at[before]=2026-04-03')).toEqual(['ann']);
    // A published card was updated when it was published.
    expect(await codes(`updated_at[after]=${times[1]}`)).toEqual(['cat']);
    expect((await service.call('GET', `/v1/loyalties/${auto()}/members?created_at[around]=2026-04-03`)).status).toBe(400);
    expect((await service.call('GET', `/v1/loyalties/${auto()}/members?created_at[after]=soon`)).status).toBe(400);
  });

  it('List Members: customer (id or source id), code and ids, each exactly the matching cards; an empty value is refused', async () => {
    const cards = (await get(`/v1/loyalties/${auto()}/members?limit=100&order=created_at`)).vouchers as { id: string; code: string; holder_id: string | null }[];
    const mine = cards.filter((v) => v.holder_id && holders.has(v.holder_id));
    const [ann, ben, cat] = mine;
    expect(await codes('customer=ben')).toEqual(['ben']);
    expect(await codes(`customer=${cat.holder_id}`)).toEqual(['cat']);
    expect((await get(`/v1/loyalties/${auto()}/members?customer=nobody`)).total).toBe(0);
    expect(await codes(`code=${ann.code}`)).toEqual(['ann']);
    expect(await codes(`ids=${ben.id}`)).toEqual(['ben']);
    expect(await codes(`ids=${ann.id}&ids=${cat.id}`)).toEqual(['ann', 'cat']);
    expect(await codes(`ids[0]=${ann.id}&ids[1]=${ben.id}`)).toEqual(['ann', 'ben']);
    expect((await get(`/v1/loyalties/${auto()}/members?ids=v_nope`)).total).toBe(0);
    for (const query of ['customer=', 'code=', 'ids=']) {
      const res = await service.call('GET', `/v1/loyalties/${auto()}/members?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.details, query).toContain(query.slice(0, -1));
    }
  });

  it('List Publications: result, voucher_type and is_referral_code, which no failure, discount or referral code here matches', async () => {
    const all = (await get('/v1/publications?limit=100')).total as number;
    expect(all).toBeGreaterThanOrEqual(3);
    expect((await get('/v1/publications?result=SUCCESS')).total).toBe(all);
    expect((await get('/v1/publications?voucher_type=loyalty')).total).toBe(all);
    expect((await get('/v1/publications?is_referral_code=false')).total).toBe(all);
    for (const query of ['result=FAILURE', 'voucher_type=discount', 'is_referral_code=true']) expect((await get(`/v1/publications?${query}`)).total, query).toBe(0);
    expect((await service.call('GET', '/v1/publications?result=MAYBE')).status).toBe(400);
  });

  it('List Card Transactions: filters on id and created_at, joined by the junction, days counted on the project clock', async () => {
    const [code] = ((await get(`/v1/loyalties/${auto()}/members?limit=100&order=created_at`)).vouchers as { code: string; holder_id: string | null }[])
      .filter((v) => v.holder_id && holders.has(v.holder_id))
      .map((v) => v.code);
    const added: { id: string; created_at: string }[] = [];
    for (let day = 0; day < 3; day++) {
      service.clock.advance(86_400_000);
      const res = await service.call('POST', `/v1/loyalties/members/${code}/balance`, { body: { points: 10 + day } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const [latest] = (await get(`/v1/loyalties/members/${code}/transactions?limit=1`)).data;
      added.push(latest);
    }
    const ids = async (query: string) => ((await get(`/v1/loyalties/members/${code}/transactions?limit=100&order=id&${query}`)).data as { id: string }[]).map((t) => t.id);
    const [a, b, c] = added.map((t) => t.id);
    expect(await ids(`filters[id][conditions][$in][0]=${a}&filters[id][conditions][$in][1]=${c}`)).toEqual([a, c]);
    expect(await ids(`filters[id][conditions][$is]=${b}`)).toEqual([b]);
    expect(await ids(`filters[created_at][conditions][$after]=${added[0].created_at}`)).toEqual([b, c]);
    // On the project clock: c was added today, b one day ago, a two days ago.
    expect(await ids('filters[created_at][conditions][$less_than]=1&filters[created_at][conditions][$has_value]=')).toEqual([c]);
    expect(await ids(`filters[junction]=or&filters[id][conditions][$is]=${a}&filters[created_at][conditions][$less_than]=1`)).toEqual([a, c]);
    expect(await ids(`filters[id][conditions][$starts_with]=${b.slice(0, 8)}&filters[id][conditions][$not_in]=${a}`)).toEqual(expect.arrayContaining([b]));
    expect(await ids('filters[id][conditions][$contains]=%25')).toEqual([]);
    for (const bad of ['filters[id][conditions][$like]=x', 'filters[created_at][conditions][$after]=never', 'filters[junction]=xor', 'filters[amount][conditions][$is]=1']) {
      const res = await service.call('GET', `/v1/loyalties/members/${code}/transactions?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ code: 400, key: 'invalid_query_params' });
    }
  });

  it('List Products: start_date and end_date bound the creation time, both included', async () => {
    const made: string[] = [];
    for (const name of ['Tea', 'Cake', 'Soup']) {
      service.clock.advance(60_000);
      made.push((await service.call('POST', '/v1/products', { body: { name, source_id: name.toLowerCase() } })).body.created_at);
    }
    const names = async (query: string) => ((await get(`/v1/products?limit=100&order=created_at&${query}`)).products as { name: string }[]).map((p) => p.name);
    expect(await names(`start_date=${made[1]}`)).toEqual(['Cake', 'Soup']);
    expect(await names(`start_date=${made[0]}&end_date=${made[1]}`)).toEqual(['Tea', 'Cake']);
    expect((await service.call('GET', '/v1/products?end_date=tomorrow')).status).toBe(400);
  });

  it('List Loyalty Campaigns: takes expand (categories are always expanded) and refuses a value it does not know', async () => {
    const expanded = await get('/v1/loyalties?expand=category');
    expect(expanded.campaigns.find((c: { name: string }) => c.name === 'Fixed Club')).toMatchObject({ categories: [{ name: 'Cafes', object: 'category' }] });
    expect((await service.call('GET', '/v1/loyalties?expand=everything')).status).toBe(400);
  });
});
