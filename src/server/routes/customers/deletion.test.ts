import { VoucherifyServerSide } from '@voucherify/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../../platform/db/client';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { testDatabases } from '../../../../test/support/databases';
import { contractErrors } from '../../../../test/support/openapi';
import { orderFixture } from '../../../../test/support/order-fixture';
import { startTestService, type TestService } from '../../../../test/support/service';
import { startReceiver, subscribeEndpoint } from '../../../../test/support/webhook-receiver';
import { producedWebhookEvents } from '../../domain/webhook-events';
import { WebhookWorker } from '../../services/webhook-worker';

/**
 * Deleting customers (issue 34): Delete Customer hides the customer from every customer read and
 * frees the source id while the cards keep their history; permanent deletion also erases every
 * value the person gave, and the test proves none is left anywhere in the database (every row of
 * every table, read as text), webhook payloads and import requests included.
 */
describe.each(testDatabases())('Deleting customers (%s)', (kind) => {
  let service: TestService;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let worker: WebhookWorker;
  const fixed = () => service.project.ids.campaigns.get('Fixed Club') as string;
  const sdk = () => VoucherifyServerSide({ applicationId: service.keyHeaders['X-App-Id'], secretKey: service.keyHeaders['X-App-Token'], apiUrl: service.baseUrl });
  const personal = ['Zed Erasable', 'zed.erase@example.com', '+48 600 100 200', 'Erasetown', '1 Erase Street', 'erase-me-value', 'gdpr-zed'];

  /** For each value, the tables of the database with rows holding it (any column), and how many. */
  async function rowsHolding(values: string[]): Promise<Record<string, string[]>> {
    const tables = await service.ctx.db.execute(sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`);
    const found: Record<string, string[]> = Object.fromEntries(values.map((v) => [v, []]));
    for (const { name } of (tables as unknown as { rows?: { name: string }[] }).rows ?? (tables as unknown as { name: string }[])) {
      for (const value of values) {
        const result = await service.ctx.db.execute(sql.raw(`SELECT count(*)::int AS n FROM "${name}" t WHERE t::text ILIKE '%${value.replace(/'/g, "''")}%'`));
        const [row] = (result as unknown as { rows?: { n: number }[] }).rows ?? (result as unknown as { n: number }[]);
        if (row.n > 0) found[value].push(`${name}: ${row.n}`);
      }
    }
    return found;
  }

  beforeAll(async () => {
    service = await startTestService(kind, orderFixture(), undefined, { webhookPrivateTargets: 'allow', localControl: 'on' });
    service.clock.set('2026-06-01T09:00:00.000Z');
    receiver = await startReceiver();
    worker = new WebhookWorker(service.ctx);
  });
  afterAll(async () => {
    await worker.stop();
    await receiver.close();
    await service.close();
  });

  it('deletes a customer: gone from customer reads and segments, source id free, cards keep their points', async () => {
    const client = sdk();
    const customer = (await client.customers.create({ source_id: 'del-ann', name: 'Ann', email: 'ann.del@example.com' })) as { id: string };
    const segment = await service.call('POST', '/v1/segments', { body: { name: 'Ann only', type: 'static', customers: [customer.id] } });
    const member = await client.loyalties.createMember(fixed(), { customer: 'del-ann' } as never);
    await service.call('POST', `/v1/loyalties/${fixed()}/members/${member.code}/balance`, { body: { points: 40 } });

    expect(await client.customers.delete(customer.id)).toBeFalsy();
    for (const ref of [customer.id, 'del-ann']) expect((await service.call('GET', `/v1/customers/${ref}`)).body).toMatchObject({ code: 404, key: 'not_found', resource_type: 'customer' });
    expect((await service.call('GET', '/v1/customers?email=ann.del@example.com')).body).toMatchObject({ total: 0 });
    expect((await service.call('GET', `/v1/customers?segment_id=${segment.body.id}`)).body).toMatchObject({ total: 0 });
    expect((await service.call('GET', '/v1/loyalties/members?q=ann.del')).body).toMatchObject({ total: 0 });
    // The card keeps its balance and history; the customer is not found by id any more.
    expect((await client.loyalties.getMember(fixed(), member.code)).loyalty_card).toMatchObject({ balance: 40 });
    expect((await service.call('POST', `/v1/loyalties/${fixed()}/members`, { body: { customer: customer.id } })).body).toMatchObject({ code: 404, resource_type: 'customer' });
    // The source id makes a new customer.
    const again = (await client.customers.create({ source_id: 'del-ann', name: 'Ann again' })) as { id: string };
    expect(again.id).not.toBe(customer.id);

    // Deleted twice, or never there: 404, nothing written.
    const before = await databaseChecksum(service.database);
    expect((await service.call('DELETE', `/v1/customers/${customer.id}`)).body).toMatchObject({ code: 404, key: 'not_found', resource_type: 'customer', resource_id: customer.id });
    expect((await service.call('POST', '/v1/customers/nobody/permanent-deletion')).body).toMatchObject({ code: 404, key: 'not_found', resource_type: 'customer' });
    expect(await databaseChecksum(service.database)).toEqual(before);
  });

  it('erases a customer deleted earlier (a plain deletion keeps the profile), by id or the source id it had; once erased, 404', async () => {
    const client = sdk();
    const kim = (await client.customers.create({ source_id: 'late-kim', name: 'Kim Latererase', email: 'kim.late@example.com' })) as { id: string };
    await client.customers.delete(kim.id);
    expect(await rowsHolding(['Kim Latererase', 'kim.late@example.com'])).not.toEqual({ 'Kim Latererase': [], 'kim.late@example.com': [] });
    const deletion = await service.call('POST', '/v1/customers/late-kim/permanent-deletion');
    expect(deletion.status).toBe(200);
    expect(deletion.body).toMatchObject({ related_object_id: kim.id, status: 'DONE' });
    expect(await rowsHolding(['Kim Latererase', 'kim.late@example.com', 'late-kim'])).toEqual({ 'Kim Latererase': [], 'kim.late@example.com': [], 'late-kim': [] });
    for (const ref of [kim.id, 'late-kim']) {
      expect((await service.call('POST', `/v1/customers/${ref}/permanent-deletion`)).body).toMatchObject({ code: 404, key: 'not_found', resource_type: 'customer' });
    }
  });

  it('erases a customer permanently: no value the person gave is left anywhere in the database', { timeout: 120_000 }, async () => {
    const client = sdk();
    const hooks = await subscribeEndpoint(service, receiver.url, producedWebhookEvents);
    expect(hooks.status).toBe(200);

    const zed = (await client.customers.create({ source_id: 'gdpr-zed', name: 'Zed Erasable', email: 'zed.erase@example.com', phone: '+48 600 100 200', address: { city: 'Erasetown', line_1: '1 Erase Street' }, metadata: { favourite: 'erase-me-value' } })) as { id: string };
    await service.call('POST', '/v1/segments', { body: { name: 'Zed only', type: 'static', customers: [zed.id] } });
    const member = await client.loyalties.createMember(fixed(), { customer: 'gdpr-zed', metadata: { note: 'card for Zed Erasable' } } as never);
    await client.events.create('app_review', { customer: { source_id: 'gdpr-zed' }, metadata: { rating: 5, text: 'Zed Erasable loved it' } } as never);
    await client.orders.create({ source_id: 'zed-order-1', customer: { source_id: 'gdpr-zed', email: 'zed.erase@example.com' }, status: 'PAID', items: [{ product_id: 'prod_fixturemug', quantity: 1 }], metadata: { gift_note: 'for Zed Erasable, Erasetown' } } as never);
    await worker.runUntilCaughtUp();
    expect(receiver.received.length).toBeGreaterThan(0);
    const balance = (await client.loyalties.getMember(fixed(), member.code)).loyalty_card?.balance;
    // The scan sees them before: every value is somewhere.
    for (const [value, tables] of Object.entries(await rowsHolding(personal))) expect(tables, value).not.toEqual([]);

    const deletion = await client.customers.deletePermanently('gdpr-zed');
    expect(contractErrors('customers-catalog', '/v1/customers/{customerId}/permanent-deletion', 'post', 200, deletion)).toEqual([]);
    expect(deletion).toMatchObject({ id: expect.stringMatching(/^del_/), related_object_id: zed.id, related_object: 'customer', status: 'DONE', object: 'pernament_deletion' });
    expect(deletion.data_json).toMatchObject({ customer: 1, segments: 1, orders: 1 });
    expect(deletion.data_json.customer_events).toBeGreaterThanOrEqual(1);

    expect(await rowsHolding(personal)).toEqual(Object.fromEntries(personal.map((v) => [v, []])));
    // What the points were earned on stays, without a person behind it.
    expect((await client.loyalties.getMember(fixed(), member.code)).loyalty_card?.balance).toBe(balance);
    expect((await service.call('GET', '/v1/orders/zed-order-1')).body).toMatchObject({ customer_id: zed.id, metadata: {}, amount: 1500 });
    expect((await service.call('GET', `/v1/customers/${zed.id}`)).status).toBe(404);
    // Webhook bodies stay valid JSON after the erasure.
    const bodies = await service.ctx.db.execute(sql`SELECT body FROM webhook_sendouts`);
    for (const { body } of (bodies as unknown as { rows?: { body: string }[] }).rows ?? (bodies as unknown as { body: string }[])) expect(() => JSON.parse(body)).not.toThrow();
  });
});
