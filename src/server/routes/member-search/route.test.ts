import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberSearchListSchema } from '../../../contract/member-search';
import { testDatabases } from '../../../../test/support/databases';
import { startTestService, type TestService } from '../../../../test/support/service';

describe.each(testDatabases())('Find Members and a customer’s segments (%s)', (kind) => {
  let service: TestService;
  const fixed = () => service.project.ids.campaigns.get('Fixed Club') as string;
  const auto = () => service.project.ids.campaigns.get('Auto Club') as string;
  const enroll = (campaign: string, customer: unknown) => service.call('POST', `/v1/loyalties/${campaign}/members`, { body: { customer } });
  const find = (query: string) => service.call('GET', `/v1/loyalties/members?${query}`);

  beforeAll(async () => {
    service = await startTestService(kind);
    expect((await enroll(fixed(), { source_id: 'zoe-42', name: 'Zoë Quinn', email: 'Zoe.Quinn@Example.com', metadata: { tier: 'gold' } })).status).toBe(200);
    expect((await enroll(auto(), 'zoe-42')).status).toBe(200);
    expect((await enroll(auto(), { source_id: 'yusuf', name: 'Yusuf 100%', email: 'yusuf@example.org' })).status).toBe(200);
  });
  afterAll(() => service.close());

  it('finds every card of a holder across programs by part of the email, any case', async () => {
    const res = await find('q=zoe.quinn@');
    expect(res.status).toBe(200);
    const list = memberSearchListSchema.parse(res.body);
    expect(list.total).toBe(2);
    expect(list.members.map((m) => m.campaign_name).sort()).toEqual(['Auto Club', 'Fixed Club']);
    expect(list.members[0].holder).toEqual({ id: expect.stringMatching(/^cust_/), source_id: 'zoe-42', name: 'Zoë Quinn', email: 'Zoe.Quinn@Example.com', metadata: { tier: 'gold' }, object: 'customer' });
  });

  it('finds by part of the name, the source id or the card code; LIKE wildcards match literally', async () => {
    expect((await find('q=QUINN')).body.total).toBe(2);
    expect((await find('q=zoe-4')).body.total).toBe(2);
    const byCode = await find('q=FIX-00');
    expect(byCode.body.members.map((m: { holder: { source_id: string } }) => m.holder.source_id)).toContain('zoe-42');
    expect((await find('q=100%25')).body.members.map((m: { holder: { source_id: string } }) => m.holder.source_id)).toEqual(['yusuf']);
    expect((await find('q=_')).body.total).toBe(0);
    expect((await find('q=nobody-here')).body).toEqual({ object: 'list', data_ref: 'members', members: [], total: 0 });
  });

  it('lists every card of one customer, and limits the answer', async () => {
    const holder = (await find('q=zoe-42')).body.members[0].holder.id as string;
    const cards = await find(`customer=${holder}`);
    expect(cards.body.total).toBe(2);
    const one = await find('q=zoe&limit=1');
    expect(one.body.members).toHaveLength(1);
    expect(one.body.total).toBe(2);
  });

  it('names the parameter when the query is missing or too long', async () => {
    const none = await find('');
    expect(none.status).toBe(400);
    expect(none.body.key).toBe('invalid_query_params');
    const blank = await find('q=%20%20');
    expect(blank.status).toBe(400);
    expect(blank.body.details).toContain('q');
    expect((await find('q=a&limit=51')).status).toBe(400);
  });

  it('lists the segments a customer is in, by id or source id; 404 for an unknown customer', async () => {
    const holder = (await find('q=zoe-42')).body.members[0].holder.id as string;
    expect((await service.call('POST', '/v1/segments', { body: { name: 'Regulars', customers: [holder] } })).status).toBe(200);
    const byId = await service.call('GET', `/v1/customers/${holder}/segments`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual({ object: 'list', data_ref: 'data', data: [{ id: expect.stringMatching(/^seg/), name: 'Regulars', object: 'segment' }], total: 1 });
    expect((await service.call('GET', '/v1/customers/zoe-42/segments')).body.total).toBe(1);
    expect((await service.call('GET', '/v1/customers/yusuf/segments')).body).toMatchObject({ data: [], total: 0 });
    const missing = await service.call('GET', '/v1/customers/cust_nope/segments');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 404, key: 'not_found', resource_id: 'cust_nope', resource_type: 'customer' });
  });
});
