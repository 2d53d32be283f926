import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerListSchema } from '../../../contract/customer';
import { segmentSchema } from '../../../contract/segment';
import { testDatabases } from '../../../../test/support/databases';
import { baseFixture } from '../../../../test/support/fixtures';
import { contractErrors } from '../../../../test/support/openapi';
import { startTestService, type TestService } from '../../../../test/support/service';
import { events, segments } from '../../../platform/db/schema';
import { afterCustomerChange } from '../../services/customer-change-hooks';

const bulk = 20_000;

describe.each(testDatabases())('static segments of up to 20,000 customers (%s)', (kind) => {
  let service: TestService;
  let ids: string[];

  beforeAll(async () => {
    const customers = Array.from({ length: bulk + 1 }, (_, i) => ({ source_id: `bulk-${String(i).padStart(5, '0')}` }));
    service = await startTestService(kind, baseFixture({ customers: [...(baseFixture().customers ?? []), ...customers] }));
    ids = customers.map((c) => service.project.ids.customers.get(c.source_id) as string);
  }, 120_000);
  afterAll(() => service.close());

  const segmentCount = async () => (await service.database.db.select().from(segments)).length;

  it('accepts 20,000 ids, in one request, and lists them as the segment members', async () => {
    const res = await service.call('POST', '/v1/segments', { body: { name: 'Twenty thousand', type: 'static', customers: ids.slice(0, bulk) } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Twenty thousand', type: 'static', filter: null, initial_sync_status: 'DONE', object: 'segment' });
    expect(res.body.id).toMatch(/^seg_[A-Za-z0-9]{24}$/);
    expect(segmentSchema.parse(res.body)).toBeTruthy();
    expect(contractErrors('subset', '/v1/segments', 'post', 200, res.body)).toEqual([]);

    const got = await service.call('GET', `/v1/segments/${res.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
    expect(contractErrors('supporting', '/v1/segments/{segmentId}', 'get', 200, got.body)).toEqual([]);

    const members = await service.call('GET', `/v1/customers?segment_id=${res.body.id}&limit=100&page=3`);
    expect(members.status).toBe(200);
    expect(customerListSchema.parse(members.body).total).toBe(bulk);
    expect(members.body.customers).toHaveLength(100);
    expect(ids.slice(0, bulk)).toEqual(expect.arrayContaining(members.body.customers.map((c: { id: string }) => c.id)));
  });

  it('rejects 20,001 ids with 400 invalid_payload naming the property', async () => {
    const res = await service.call('POST', '/v1/segments', { body: { name: 'Too many', type: 'static', customers: ids } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, key: 'invalid_payload', details: 'Property .customers: a static segment holds at most 20,000 customers' });
  });

  it('treats a missing type as static and counts duplicate ids once', async () => {
    const res = await service.call('POST', '/v1/segments', { body: { name: 'Dupes', customers: [ids[0], ids[1], ids[0]] } });
    expect(res.status).toBe(200);
    expect(res.body.type).toBe('static');
    expect((await service.call('GET', `/v1/customers?segment_id=${res.body.id}`)).body.total).toBe(2);
  });

  it('fails the whole request on unknown ids: 404 naming the first unknown id and how many there are', async () => {
    const before = await segmentCount();
    const given = [ids[0], 'cust_nobody1', ids[1], 'cust_nobody2', 'cust_nobody1', 'not-even-an-id'];
    const res = await service.call('POST', '/v1/segments', { body: { name: 'Some unknown', type: 'static', customers: given } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      code: 404,
      key: 'not_found',
      resource_id: 'cust_nobody1',
      resource_type: 'customer',
      details: 'Cannot find customer with id cust_nobody1; 3 of the 5 customer ids are unknown: cust_nobody1, cust_nobody2, not-even-an-id',
    });
    expect(await segmentCount()).toBe(before);
  });

  it('does not see customers of another project', async () => {
    const other = await service.call('POST', '/v1/segments', { body: { name: 'x', type: 'static', customers: ['cust_x'] } });
    expect(other.status).toBe(404);
  });
});

describe.each(testDatabases())('filter segments (%s)', (kind) => {
  let service: TestService;
  const create = (body: unknown) => service.call('POST', '/v1/segments', { body });
  const gold = { junction: 'and', 'metadata.tier': { conditions: { $is: 'gold' } } };
  const memberIds = async (segmentId: string) =>
    ((await service.call('GET', `/v1/customers?segment_id=${segmentId}&limit=100`)).body.customers as { source_id: string }[]).map((c) => c.source_id).sort();
  const segmentEvents = (customerId: string) =>
    service.database.db
      .select({ type: events.type, metadata: events.metadata })
      .from(events)
      .where(and(eq(events.customerId, customerId), like(events.type, 'customer.segment.%')))
      .orderBy(events.createdAt, events.type);

  beforeAll(async () => {
    service = await startTestService(kind);
  });
  afterAll(() => service.close());

  it('creates an auto-update segment from the real API example shape and computes its members', async () => {
    const res = await create({ name: 'Gold', type: 'auto-update', filter: gold });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ type: 'auto-update', filter: gold, initial_sync_status: 'DONE', object: 'segment' });
    expect(contractErrors('subset', '/v1/segments', 'post', 200, res.body)).toEqual([]);
    expect(await memberIds(res.body.id)).toEqual(['alice']);
    // The members' source ids come back in the customer objects.
    const list = await service.call('GET', `/v1/customers?segment_id=${res.body.id}`);
    expect(list.body).toMatchObject({ object: 'list', data_ref: 'customers', total: 1, customers: [{ source_id: 'alice', object: 'customer', metadata: { tier: 'gold' } }] });
    // Creating a segment is its definition, not customers entering it: no events.
    expect(await segmentEvents(service.project.ids.customers.get('alice') as string)).toEqual([]);
  });

  it('previews how many customers a filter matches before creating it', async () => {
    const res = await service.call('POST', '/v1/segments/preview', {
      body: { filter: { junction: 'or', 'metadata.visits': { conditions: { $more_than: 10 } }, email: { conditions: { $ends_with: '@example.com' } } } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ object: 'segment_preview', total: 2 });
    const bad = await service.call('POST', '/v1/segments/preview', { body: { filter: { name: { conditions: { $after: '2020-01-01' } } } } });
    expect(bad.status).toBe(400);
  });

  it.each([
    [{ 'metadata.tier': { conditions: { $after: 'gold' } } }, 'Property .filter.metadata.tier.conditions.$after: operator $after expects an ISO 8601 date (YYYY-MM-DD) or date-time with an offset'],
    [{ name: { conditions: { $after: '2024-01-01' } } }, 'Property .filter.name.conditions: operator $after is not allowed for a text field; use $is, $is_not, $in, $not_in, $contains, $not_contain, $starts_with, $ends_with, $has_value, $is_unknown'],
    [{ created_at: { conditions: { $contains: '2024' } } }, 'Property .filter.created_at.conditions: operator $contains is not allowed for a date field; use $after, $before, $has_value, $is_unknown'],
    [{ 'events.purchase.count': { conditions: { $more_than: 'many' } } }, 'Property .filter.events.purchase.count.conditions.$more_than: operator $more_than expects a number'],
    [{ 'events.purchase.count': { conditions: { $starts_with: '1' } } }, 'Property .filter.events.purchase.count.conditions: operator $starts_with is not allowed for a number field; use $is, $is_not, $more_than, $less_than'],
    [{ shoe_size: { conditions: { $is: '42' } } }, "Property .filter.shoe_size: unknown field 'shoe_size'"],
    [{ 'metadata.': { conditions: { $is: 'x' } } }, "Property .filter.metadata.: unknown field 'metadata.'"],
    [{ name: { conditions: { $like: 'A%' } } }, 'Property .filter.name.conditions: unknown operator $like'],
    [{ name: { conditions: { $is: ['Alice', 'Bob'] } } }, 'Property .filter.name.conditions.$is: operator $is takes one value'],
    [{ name: { conditions: { $in: [] } } }, 'Property .filter.name.conditions.$in: operator $in needs a value'],
    [{ name: { conditions: { $has_value: 'yes' } } }, 'Property .filter.name.conditions.$has_value: operator $has_value takes true'],
    [{ name: { conditions: { $is: 42 } } }, 'Property .filter.name.conditions.$is: operator $is expects a string'],
    [{ name: { $is: 'Alice' } }, "Property .filter.name should have required property 'conditions'"],
    [{ junction: 'xor', name: { conditions: { $is: 'Alice' } } }, "Property .filter.junction: junction must be 'and' or 'or'"],
    [{ junction: 'and' }, 'Property .filter: needs at least one condition'],
    [{ groups: [{ junction: 'or', phone: { conditions: { $before: '2020-01-01' } } }] }, 'Property .filter.groups.0.phone.conditions: operator $before is not allowed for a text field'],
  ])('rejects a bad filter with 400 naming the bad part: %j', async (filter, details) => {
    const res = await create({ name: 'Bad', type: 'passive', filter });
    expect(res.status).toBe(400);
    expect(res.body.key).toBe('invalid_payload');
    expect(res.body.details).toContain(details);
  });

  it('rejects a filter segment without a filter, and an unknown type', async () => {
    const missing = await create({ name: 'No filter', type: 'auto-update' });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toBe("Payload should have required property 'filter'");
    const wrongType = await create({ name: 'Weird', type: 'dynamic', filter: gold });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.details).toContain("type must be 'static', 'auto-update' or 'passive'");
  });

  it('answers 404 for an unknown segment, as the real API does', async () => {
    const res = await service.call('GET', '/v1/segments/seg_nope');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ key: 'not_found', details: 'Cannot find segment with id seg_nope', resource_id: 'seg_nope', resource_type: 'segment' });
    const members = await service.call('GET', '/v1/customers?segment_id=seg_nope');
    expect(members.status).toBe(404);
  });

  it('pages through every customer when no segment is named', async () => {
    const first = await service.call('GET', '/v1/customers?limit=1');
    expect(first.status).toBe(200);
    expect(first.body.customers).toHaveLength(1);
    const all = await service.call('GET', '/v1/customers?limit=100');
    expect(first.body.total).toBe(all.body.customers.length);
    const tooBig = await service.call('GET', '/v1/customers?limit=101');
    expect(tooBig.body.key).toBe('invalid_query_params');
  });

  it('requires the key pair', async () => {
    expect((await service.call('POST', '/v1/segments', { body: { name: 'x', customers: ['cust_1'] }, auth: false })).status).toBe(401);
  });

  describe('membership kept current through Add Member', () => {
    let active: string;
    let passive: string;
    const auto = () => service.project.ids.campaigns.get('Auto Club') as string;
    const fixed = () => service.project.ids.campaigns.get('Fixed Club') as string;

    beforeAll(async () => {
      active = (await create({ name: 'Platinum (active)', type: 'auto-update', filter: { 'metadata.tier': { conditions: { $is: 'platinum' } } } })).body.id;
      passive = (await create({ name: 'Platinum (passive)', type: 'passive', filter: { 'metadata.tier': { conditions: { $is: 'platinum' } } } })).body.id;
    });

    it('a new customer who matches enters both; only the auto-update segment records customer.segment.entered', async () => {
      const res = await service.call('POST', `/v1/loyalties/${auto()}/members`, { body: { customer: { source_id: 'zed', metadata: { tier: 'platinum' } } } });
      expect(res.status).toBe(200);
      expect(await memberIds(active)).toEqual(['zed']);
      expect(await memberIds(passive)).toEqual(['zed']);
      expect(await segmentEvents(res.body.holder_id)).toEqual([{ type: 'customer.segment.entered', metadata: { segment: { id: active, name: 'Platinum (active)' } } }]);
    });

    it('a customer whose data stops matching leaves both; only the auto-update segment records customer.segment.left', async () => {
      const res = await service.call('POST', `/v1/loyalties/${fixed()}/members`, { body: { customer: { source_id: 'zed', metadata: { tier: 'silver' } } } });
      expect(res.status).toBe(200);
      expect(await memberIds(active)).toEqual([]);
      expect(await memberIds(passive)).toEqual([]);
      expect((await segmentEvents(res.body.holder_id)).map((e) => e.type)).toEqual(['customer.segment.entered', 'customer.segment.left']);
    });

    it('a change that keeps membership records nothing; static segments are never touched', async () => {
      const bob = service.project.ids.customers.get('bob') as string;
      const fixedStatic = (await create({ name: 'Hand-picked', type: 'static', customers: [bob] })).body.id;
      const res = await service.call('POST', `/v1/loyalties/${auto()}/members`, { body: { customer: { id: bob, metadata: { tier: 'silver', visits: 4 } } } });
      expect(res.status).toBe(200);
      expect(await segmentEvents(bob)).toEqual([]);
      expect(await memberIds(fixedStatic)).toEqual(['bob']);
    });

    it('POST /v1/events keeps events.<name>.count segments current: a new customer with a first event enters', async () => {
      const tasters = (await create({ name: 'Tasters', type: 'auto-update', filter: { 'events.tasting.count': { conditions: { $more_than: 0 } } } })).body.id;
      const res = await service.call('POST', '/v1/events', { body: { event: 'tasting', customer: { source_id: 'taster-1' } } });
      expect(res.status).toBe(200);
      expect(await memberIds(tasters)).toEqual(['taster-1']);
      const [{ id }] = await service.database.execute<{ id: string }>(`SELECT id FROM customers WHERE source_id = 'taster-1'`);
      expect((await segmentEvents(id)).map((e) => e.type)).toEqual(['customer.segment.entered']);
    });

    it('re-evaluates events.<name>.count conditions when a customer gains events (the hook POST /v1/events calls)', async () => {
      const buyers = (await create({ name: 'Buyers', type: 'auto-update', filter: { 'events.purchase.count': { conditions: { $more_than: ['1'] } } } })).body.id;
      const alice = service.project.ids.customers.get('alice') as string;
      const addPurchase = (n: number) =>
        service.ctx.db.transaction(async (tx) => {
          await tx.insert(events).values({ id: `evcus_purchase${n}`, projectId: service.project.projectId, customerId: alice, type: 'purchase', createdAt: service.clock.now() });
          await afterCustomerChange(service.ctx, tx, service.project.projectId, alice);
        });
      await addPurchase(1);
      expect(await memberIds(buyers)).toEqual([]);
      await addPurchase(2);
      expect(await memberIds(buyers)).toEqual(['alice']);
      expect((await segmentEvents(alice)).map((e) => (e.metadata as { segment: { id: string } }).segment.id)).toEqual([buyers]);
    });
  });
});

describe.each(testDatabases())('at most 100 auto-update and passive segments per project (%s)', (kind) => {
  let service: TestService;
  const create = (body: unknown) => service.call('POST', '/v1/segments', { body });
  const filter = (n: number) => ({ 'metadata.visits': { conditions: { $more_than: n } } });

  beforeAll(async () => {
    service = await startTestService(kind);
  });
  afterAll(() => service.close());

  it('rejects the 101st with 400 segments_limit_exceeded, even when requests race; static segments do not count', async () => {
    for (let n = 0; n < 95; n++) {
      const res = await create({ name: `S${n}`, type: n % 2 ? 'passive' : 'auto-update', filter: filter(n) });
      expect(res.status).toBe(200);
    }
    expect((await create({ name: 'static', type: 'static', customers: [service.project.ids.customers.get('alice')] })).status).toBe(200);
    // 95 exist; 10 parallel requests race for the last 5 places.
    const racing = await Promise.all(Array.from({ length: 10 }, (_, i) => create({ name: `R${i}`, type: 'passive', filter: filter(i) })));
    expect(racing.filter((r) => r.status === 200)).toHaveLength(5);
    const rejected = racing.filter((r) => r.status !== 200);
    expect(rejected).toHaveLength(5);
    for (const r of rejected) {
      expect(r.body).toMatchObject({ code: 400, key: 'segments_limit_exceeded', message: 'Segments limit exceeded' });
      expect(r.body.details).toContain('at most 100 auto-update and passive segments');
    }
    const stillStatic = await create({ name: 'static 2', type: 'static', customers: [service.project.ids.customers.get('bob')] });
    expect(stillStatic.status).toBe(200);
  }, 120_000);
});
