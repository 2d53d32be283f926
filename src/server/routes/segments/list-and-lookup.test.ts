import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerLookupSchema, segmentListSchema } from '../../../contract/segment';
import { testDatabases } from '../../../../test/support/databases';
import { startTestService, type TestService } from '../../../../test/support/service';

/** The Segments page's two extensions (issue 32): the project's segments, and customers named by id or source id. */
describe.each(testDatabases())('List Segments and Look up customers (%s)', (kind) => {
  let service: TestService;
  const customer = (sourceId: string) => service.project.ids.customers.get(sourceId) as string;

  beforeAll(async () => {
    service = await startTestService(kind);
  });
  afterAll(() => service.close());

  it('looks customers up by id or by source id, in request order, distinct, and names the unknown ones', async () => {
    const res = await service.call('POST', '/v1/customers/lookup', { body: { references: ['bob', customer('alice'), 'nobody', 'bob', 'cust_doesnotexist', 'alice'] } });
    expect(res.status).toBe(200);
    expect(customerLookupSchema.parse(res.body)).toEqual({
      object: 'customer_lookup',
      found: [
        { reference: 'bob', id: customer('bob') },
        { reference: customer('alice'), id: customer('alice') },
        { reference: 'alice', id: customer('alice') },
      ],
      unknown: ['nobody', 'cust_doesnotexist'],
    });
  });

  it('refuses an empty or oversized list with the error object naming the field, and reads nothing of another project', async () => {
    const empty = await service.call('POST', '/v1/customers/lookup', { body: { references: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 400, key: 'invalid_payload' });
    expect(JSON.stringify(empty.body.details)).toMatch(/references/);
    const tooMany = await service.call('POST', '/v1/customers/lookup', { body: { references: Array.from({ length: 40_001 }, (_, i) => `c-${i}`) } });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body.details)).toMatch(/references/);
  });

  it('lists the project’s segments newest first with their sizes, paged', async () => {
    const first = await service.call('POST', '/v1/segments', { body: { name: 'Spreadsheet list', type: 'static', customers: [customer('alice'), customer('bob')] } });
    expect(first.status).toBe(200);
    const second = await service.call('POST', '/v1/segments', { body: { name: 'Gold by filter', type: 'auto-update', filter: { junction: 'and', 'metadata.tier': { conditions: { $is: 'gold' } } } } });
    expect(second.status).toBe(200);
    const res = await service.call('GET', '/v1/segments?limit=100');
    expect(res.status).toBe(200);
    const list = segmentListSchema.parse(res.body);
    const ours = list.data.filter((segment) => [first.body.id, second.body.id].includes(segment.id));
    // (The test clock may give both the same instant: the order among equals is by id.)
    expect(ours.map((segment) => [segment.name, segment.type, segment.size]).sort()).toEqual([
      ['Gold by filter', 'auto-update', 1],
      ['Spreadsheet list', 'static', 2],
    ]);
    const created = list.data.map((segment) => segment.created_at);
    expect(created).toEqual([...created].sort().reverse());
    expect(list.total).toBe(list.data.length);
    const paged = await service.call('GET', '/v1/segments?limit=1&page=2');
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.data[0].id).toBe(list.data[1].id);
    const bad = await service.call('GET', '/v1/segments?limit=0');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ key: 'invalid_query_params' });
  });
});
