import { VoucherifyServerSide } from '@voucherify/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { testDatabases } from '../../../../test/support/databases';
import { baseFixture } from '../../../../test/support/fixtures';
import { contractErrors } from '../../../../test/support/openapi';
import { startTestService, type TestService } from '../../../../test/support/service';

interface Listed {
  customers: { id: string; source_id: string | null; created_at: string }[];
  total: number;
  has_more: boolean;
}

/**
 * Customers as the real API has them (issue 34): create (upsert), get, update, and List Customers
 * with every filter the contract documents, each returning exactly the matching customers. Six
 * customers made one minute apart on the test clock, besides the fixture's Alice and Bob.
 */
describe.each(testDatabases())('Customers (%s)', (kind) => {
  let service: TestService;
  const made: Record<string, { id: string; created_at: string }> = {};
  const list = async (query: string) => {
    const res = await service.call('GET', `/v1/customers?limit=100&${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(contractErrors('customers-catalog', '/v1/customers', 'get', 200, res.body)).toEqual([]);
    return res.body as Listed;
  };
  const sourceIds = async (query: string) => (await list(query)).customers.map((c) => c.source_id);
  const people = [
    { source_id: 'p1', name: 'Ann Lee', email: 'ann@example.com', address: { city: 'Oslo' } },
    { source_id: 'p2', name: 'Ben Ode', email: 'ben@example.com', address: { city: 'Bergen' } },
    { source_id: 'p3', name: 'Ann Lee', email: 'ann.lee@example.com', address: { city: 'oslo' } },
    { source_id: 'p4', name: 'Cat Ray', email: 'CAT@example.com', address: null },
    { source_id: 'p5', name: 'Dan Fox', email: 'dan@example.com', address: { city: 'Oslo' } },
    { source_id: 'p6', name: 'Eve Moe', email: 'eve@example.com' },
  ];

  beforeAll(async () => {
    service = await startTestService(kind, baseFixture());
    service.clock.set('2026-05-01T10:00:00.000Z');
    for (const person of people) {
      service.clock.advance(60_000);
      const res = await service.call('POST', '/v1/customers', { body: person });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      made[person.source_id] = res.body;
    }
  });
  afterAll(() => service.close());

  it('finds one customer by e-mail, ignoring case, and no other (the list used to ignore the filter)', async () => {
    expect(await list('email=ann@example.com')).toMatchObject({ total: 1, has_more: false, customers: [{ source_id: 'p1' }] });
    expect(await sourceIds('email=cat@EXAMPLE.com')).toEqual(['p4']);
    expect(await list('email=nobody@example.com')).toMatchObject({ total: 0, customers: [] });
  });

  it('filters by name and by city, exactly and ignoring case, newest first', async () => {
    expect(await sourceIds('name=ann%20lee')).toEqual(['p3', 'p1']);
    expect(await sourceIds('city=Oslo')).toEqual(['p5', 'p3', 'p1']);
    expect(await sourceIds('city=Osl')).toEqual([]);
  });

  it('filters by creation and update dates, bounds excluded', async () => {
    const third = made.p3.created_at;
    expect(await sourceIds(`created_at[after]=${third}`)).toEqual(['p6', 'p5', 'p4']);
    expect(await sourceIds(`created_at[before]=${third}&created_at[after]=${made.p1.created_at}`)).toEqual(['p2']);
    service.clock.advance(60_000);
    const updatedAt = service.clock.now().toISOString();
    expect((await service.call('PUT', '/v1/customers/p2', { body: { phone: '+47 555 0101' } })).status).toBe(200);
    expect(await sourceIds(`updated_at[after]=2026-05-01T10:00:00.000Z`)).toEqual(['p2']);
    expect(await sourceIds(`updated_at[before]=${updatedAt}`)).toEqual([]);
  });

  it('filters by segment, orders by each documented order, and pages with has_more', async () => {
    const segment = await service.call('POST', '/v1/segments', { body: { name: 'Two of them', type: 'static', customers: [made.p2.id, made.p5.id] } });
    expect(segment.status, JSON.stringify(segment.body)).toBe(200);
    expect(await sourceIds(`segment_id=${segment.body.id}`)).toEqual(['p5', 'p2']);
    expect(await sourceIds(`segment_id=${segment.body.id}&city=Oslo`)).toEqual(['p5']);
    const ours = (ids: (string | null)[]) => ids.filter((id) => id?.startsWith('p'));
    expect(ours(await sourceIds('order=created_at'))).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
    expect(ours(await sourceIds('order=-source_id'))).toEqual(['p6', 'p5', 'p4', 'p3', 'p2', 'p1']);
    expect((await sourceIds('order=-updated_at'))[0]).toBe('p2');
    const page = await service.call('GET', '/v1/customers?limit=3&page=2&order=created_at');
    expect(page.body).toMatchObject({ total: 8, has_more: true });
    expect((await service.call('GET', '/v1/customers?limit=3&page=3&order=created_at')).body).toMatchObject({ has_more: false });
  });

  it('creates, upserts by source_id or id, gets by id or source_id, updates and clears a field, as the contract answers', async () => {
    service.clock.advance(60_000);
    const created = await service.call('POST', '/v1/customers', { body: { source_id: 'new-1', name: 'Fay', metadata: { tier: 'gold' }, birthdate: '1990-02-03' } });
    expect(contractErrors('customers-catalog', '/v1/customers', 'post', 200, created.body)).toEqual([]);
    const upserted = await service.call('POST', '/v1/customers', { body: { source_id: 'new-1', email: 'fay@example.com' } });
    expect(upserted.body).toMatchObject({ id: created.body.id, name: 'Fay', email: 'fay@example.com', metadata: { tier: 'gold' } });
    const byId = await service.call('POST', '/v1/customers', { body: { id: created.body.id, source_id: 'ignored', phone: '123' } });
    expect(byId.body).toMatchObject({ id: created.body.id, source_id: 'new-1', phone: '123' });
    service.clock.advance(60_000);
    const anonymous = await service.call('POST', '/v1/customers', { body: { name: 'Walk-in' } });
    expect(anonymous.body).toMatchObject({ source_id: null, name: 'Walk-in', object: 'customer' });

    const got = await service.call('GET', '/v1/customers/new-1');
    expect(contractErrors('customers-catalog', '/v1/customers/{customerId}', 'get', 200, got.body)).toEqual([]);
    expect((await service.call('GET', `/v1/customers/${created.body.id}`)).body).toEqual(got.body);

    const updated = await service.call('PUT', '/v1/customers/new-1', { body: { email: null, address: { city: 'Tromsø' }, metadata: { tier: 'silver' } } });
    expect(contractErrors('customers-catalog', '/v1/customers/{customerId}', 'put', 200, updated.body)).toEqual([]);
    expect(updated.body).toMatchObject({ email: null, name: 'Fay', address: { city: 'Tromsø' }, metadata: { tier: 'silver' }, updated_at: expect.any(String) });
    expect(await sourceIds('city=tromsø')).toEqual(['new-1']);
  });

  it('answers bad input with the error object naming the field, and writes nothing', async () => {
    const before = await databaseChecksum(service.database);
    const cases: [string, string, object | undefined, number, string][] = [
      ['GET', '/v1/customers?page=100', undefined, 400, 'page'],
      ['GET', '/v1/customers?order=name', undefined, 400, 'order'],
      ['GET', '/v1/customers?created_at[before]=yesterday', undefined, 400, 'created_at[before]'],
      ['GET', '/v1/customers?created_at[around]=2026-01-01T00:00:00Z', undefined, 400, 'created_at[around]'],
      ['GET', '/v1/customers?emial=ann@example.com', undefined, 400, 'emial'],
      ['GET', '/v1/customers?email=', undefined, 400, 'email'],
      ['GET', '/v1/customers?segment_id=seg_nope', undefined, 404, 'segment'],
      ['POST', '/v1/customers', { id: 'cust_nobody', name: 'x' }, 404, 'customer'],
      ['POST', '/v1/customers', { source_id: 'x', nickname: 'y' }, 400, 'nickname'],
      ['POST', '/v1/customers', { source_id: 'x', birthdate: '03/02/1990' }, 400, 'birthdate'],
      ['POST', '/v1/customers', { source_id: 'x', metadata: { note: 'x'.repeat(1001) } }, 400, 'metadata.note'],
      ['POST', '/v1/customers', { source_id: 'a\u0000b' }, 400, 'source_id'],
      ['PUT', '/v1/customers/nobody', { name: 'x' }, 404, 'customer'],
      ['PUT', '/v1/customers/p1', { source_id: 'p2' }, 409, 'source_id'],
    ];
    for (const [method, path, body, status, field] of cases) {
      const res = await service.call(method, path, { body });
      expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(status);
      expect(Object.keys(res.body)).toEqual(expect.arrayContaining(['code', 'message', 'key', 'details', 'request_id']));
      expect(`${res.body.details} ${res.body.message} ${res.body.resource_type}`).toContain(field);
    }
    expect(await databaseChecksum(service.database)).toEqual(before);
  });

  it('runs the SDK’s customers.create, list by e-mail, update, get and scroll', async () => {
    const client = VoucherifyServerSide({ applicationId: service.keyHeaders['X-App-Id'], secretKey: service.keyHeaders['X-App-Token'], apiUrl: service.baseUrl });
    service.clock.advance(60_000);
    const sdkCustomer = (await client.customers.create({ source_id: 'sdk-c', name: 'Gus', email: 'gus@example.com' })) as { id: string };
    expect((await client.customers.list({ email: 'gus@example.com' } as never)).customers.map((c) => c.id)).toEqual([sdkCustomer.id]);
    expect(await client.customers.update({ source_id: 'sdk-c', name: 'Gus Ray' } as never)).toMatchObject({ id: sdkCustomer.id, name: 'Gus Ray' });
    expect(await client.customers.get(sdkCustomer.id as string)).toMatchObject({ name: 'Gus Ray' });
    // Scroll walks created_at with the SDK's own cursor (a date, as the real API's: customers created
    // in one millisecond, like the fixture's, tie and one of them is passed over), here over the ten
    // made one minute apart: every one once, oldest first, the filter kept on every page.
    const range = { after: '2026-05-01T10:00:00.000Z', before: '2026-06-01T00:00:00.000Z' };
    const all = (await list(`order=created_at&created_at[after]=${range.after}&created_at[before]=${range.before}`)).customers.map((c) => c.id);
    expect(all).toHaveLength(9);
    const scrolled: string[] = [];
    const scroll = client.customers.scroll({ order: 'created_at', limit: 3, created_at: range } as never) as AsyncIterable<{ id: string }>;
    for await (const customer of scroll) scrolled.push(customer.id);
    expect(scrolled).toEqual(all);
  });
});
