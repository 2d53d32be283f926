import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { earningFixture } from '../../../../test/support/earning-fixture';
import { startTestService, type TestService } from '../../../../test/support/service';

/**
 * The earning rule lists' parameters (issue 34): v2 `filters` on name (every operator the contract
 * documents) and created_at (dates, and whole days back on the project clock); v1 `order` and `page`.
 * Each list returns exactly the rules that match: the expected set is computed from the whole list.
 */
describe.each(testDatabases())('List Earning Rules: filters, order, page (%s)', (kind) => {
  let service: TestService;
  type Rule = { id: string; name: string; created_at: string };
  const fixed = () => service.project.ids.campaigns.get('Fixed Club') as string;
  const v2 = async (query: string): Promise<Rule[]> => {
    const res = await service.call('GET', `/v2/loyalties/earning-rules?limit=100&order=created_at&${query}`);
    expect(res.status, `${query} ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data;
  };
  let all: Rule[] = [];
  const made: Rule[] = [];
  const ids = (rules: Rule[]) => rules.map((r) => r.id);
  const expectOnly = async (query: string, keep: (r: Rule) => boolean) => {
    const expected = ids(all.filter(keep));
    expect(expected.length, `${query} matches some`).toBeGreaterThan(0);
    expect(expected.length, `${query} leaves some out`).toBeLessThan(all.length);
    expect(ids(await v2(query)), query).toEqual(expected);
  };

  beforeAll(async () => {
    service = await startTestService(kind, earningFixture());
    service.clock.set('2026-05-01T12:00:00.000Z');
    const schema = service.project.ids.eventSchemas.get('app_review') as string;
    // Three rules a day apart: created on 1, 2 and 3 May at noon; "today" is then 3 May.
    for (const [n, banner] of ['Alpha review', 'Beta_visit', 'Gamma review'].entries()) {
      if (n > 0) service.clock.advance(86_400_000);
      const res = await service.call('POST', `/v1/loyalties/${fixed()}/earning-rules`, { body: [{ event: 'app_review', custom_event: { schema_id: schema }, loyalty: { type: 'FIXED', points: 5 }, source: { banner } }] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    all = await v2('');
    made.push(...all.filter((r) => ['Alpha review', 'Beta_visit', 'Gamma review'].includes(r.name)));
  });
  afterAll(() => service.close());

  it('name: $ends_with, $not_contain (underscore and percent taken literally), $has_value, $is_unknown', async () => {
    expect(made.map((r) => r.name)).toEqual(['Alpha review', 'Beta_visit', 'Gamma review']);
    await expectOnly('filters[name][conditions][$ends_with]=REVIEW', (r) => r.name.toLowerCase().endsWith('review'));
    await expectOnly('filters[name][conditions][$not_contain]=review', (r) => !r.name.toLowerCase().includes('review'));
    await expectOnly('filters[name][conditions][$ends_with]=a_visit', (r) => r.name.toLowerCase().endsWith('a_visit'));
    expect(ids(await v2('filters[name][conditions][$ends_with]=%25'))).toEqual([]);
    expect(ids(await v2('filters[name][conditions][$has_value]='))).toEqual(ids(all));
    expect(await v2('filters[name][conditions][$is_unknown]=')).toEqual([]);
  });

  it('created_at: $after and $before a date or instant, $is / $more_than / $less_than whole days ago', async () => {
    await expectOnly(`filters[created_at][conditions][$after]=${made[0].created_at}`, (r) => r.created_at > made[0].created_at);
    await expectOnly(`filters[created_at][conditions][$before]=${made[1].created_at}`, (r) => r.created_at < made[1].created_at);
    await expectOnly('filters[created_at][conditions][$after]=2026-05-02', (r) => r.created_at > '2026-05-02');
    expect(ids(await v2('filters[created_at][conditions][$is]=1'))).toEqual([made[1].id]);
    expect(ids(await v2('filters[created_at][conditions][$is]=0'))).toEqual([made[2].id]);
    expect(ids(await v2('filters[created_at][conditions][$less_than]=2'))).toEqual(ids(made.slice(1)));
    await expectOnly('filters[created_at][conditions][$more_than]=1', (r) => r.created_at < made[1].created_at);
    expect(ids(await v2('filters[created_at][conditions][$has_value]='))).toEqual(ids(all));
    expect(await v2('filters[created_at][conditions][$is_unknown]=')).toEqual([]);
    // OR with a name condition; a cursor carries the filters it was made with.
    expect(ids(await v2('filters[junction]=OR&filters[created_at][conditions][$is]=0&filters[name][conditions][$is]=Alpha%20review'))).toEqual([made[0].id, made[2].id]);
    const first = (await service.call('GET', '/v2/loyalties/earning-rules?limit=1&order=created_at&filters[created_at][conditions][$less_than]=2')).body;
    const next = await service.call('GET', `/v2/loyalties/earning-rules?limit=1&cursor=${first.cursor.next}`);
    expect(ids([...first.data, ...next.body.data])).toEqual(ids(made.slice(1)));
  });

  it('created_at refuses what is not a date or a number of days, naming it', async () => {
    for (const query of ['filters[created_at][conditions][$after]=soon', 'filters[created_at][conditions][$is]=-1', 'filters[created_at][conditions][$around]=1']) {
      const res = await service.call('GET', `/v2/loyalties/earning-rules?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ code: 400, key: 'invalid_query_params' });
      expect(JSON.stringify(res.body.details), query).toContain('created_at');
    }
  });

  it('v1: order by created_at or updated_at either way, pages with limit and page', async () => {
    const v1 = async (query: string) => {
      const res = await service.call('GET', `/v1/loyalties/${fixed()}/earning-rules?limit=100&${query}`);
      expect(res.status, `${query} ${JSON.stringify(res.body)}`).toBe(200);
      return (res.body.data as { id: string }[]).map((r) => r.id);
    };
    // The fixture's rules share one creation time; the three made a day apart order among them.
    const mine = (list: string[]) => list.filter((id) => ids(made).includes(id));
    const oldest = await v1('order=created_at');
    expect(oldest.slice(-3)).toEqual(ids(made));
    expect((await v1('order=-created_at')).slice(0, 3)).toEqual(ids(made).reverse());
    expect(mine(await v1(''))).toEqual(ids(made).reverse());
    // Beta is updated last: first by -updated_at.
    service.clock.advance(60_000);
    expect((await service.call('PUT', `/v1/loyalties/${fixed()}/earning-rules/${made[1].id}`, { body: { loyalty: { type: 'FIXED', points: 6 } } })).status).toBe(200);
    expect((await v1('order=-updated_at'))[0]).toBe(made[1].id);
    expect((await v1('order=updated_at')).at(-1)).toBe(made[1].id);
    const second = await service.call('GET', `/v1/loyalties/${fixed()}/earning-rules?order=created_at&limit=2&page=2`);
    expect((second.body.data as { id: string }[]).map((r) => r.id)).toEqual(oldest.slice(2, 4));
    expect(second.body.total).toBe(oldest.length);
  });
});
