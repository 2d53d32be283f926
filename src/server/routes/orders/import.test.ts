import { VoucherifyServerSide } from '@voucherify/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asyncActionSchema, type AsyncAction } from '../../../contract/async-action';
import { orderObjectSchema } from '../../../contract/order';
import { maxImportedOrders } from '../../../contract/order-import';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { baseFixture } from '../../../../test/support/fixtures';
import { testDatabases } from '../../../../test/support/databases';
import { issueTokenOver, withBearer } from '../../../../test/support/oauth';
import { contractErrors } from '../../../../test/support/openapi';
import { orderFixture } from '../../../../test/support/order-fixture';
import { startTestService, type TestService } from '../../../../test/support/service';
import { asyncActionGiveUpWorker, asyncActionWorker } from '../../jobs/async-action-worker';
import { asyncActionQueue } from '../../jobs/async-action-queue';
import type { WorkerRegistration } from '../../jobs/worker-registration';
import { startWorkers } from '../../jobs/workers';
import { loadFixture } from '../../seed/load-fixture';
import { failAsyncAction, runAsyncAction } from '../../services/run-async-action';

/** orderFixture plus an auto-update segment of VIP customers. */
function fixture() {
  const base = orderFixture();
  return { ...base, segments: [...(base.segments ?? []), { id: 'seg_vipimport', name: 'VIP buyers', type: 'auto-update' as const, filter: { 'metadata.tier': { conditions: { $is: 'vip' } } } }] };
}

describe.each(testDatabases())('Import Orders (%s)', (kind) => {
  let service: TestService;
  const card = async (code: string) => (await service.call('GET', `/v1/loyalties/members/${code}`)).body.loyalty_card as { balance: number; points: number; pending_points: number };
  const importing = (body: unknown) => service.call('POST', '/v1/orders/import', { body });
  const action = (id: string) => service.call('GET', `/v1/async-actions/${id}`);
  const ordersOf = async (sourceIds: string[]) => service.database.execute<{ id: string; source_id: string; status: string; paid_at: string | null }>('SELECT id, source_id, status, paid_at FROM orders WHERE source_id = ANY($1) ORDER BY source_id', [sourceIds]);
  const eventsNaming = async (orderIds: string[]) =>
    Number((await service.database.execute<{ n: string }>("SELECT count(*) AS n FROM events WHERE metadata->>'order_id' = ANY($1)", [orderIds]))[0].n);
  /** Imports `orders`, runs the job, and answers the async action as it ended. */
  async function imported(orders: unknown[]): Promise<{ id: string; body: AsyncAction }> {
    const res = await importing(orders);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await runAsyncAction(service.ctx, res.body.async_action_id)).toBe('done');
    const done = await action(res.body.async_action_id);
    expect(done.status).toBe(200);
    return { id: res.body.async_action_id, body: done.body };
  }

  beforeAll(async () => {
    service = await startTestService(kind, fixture());
  });
  afterAll(() => service.close());

  it('answers the async action at once (contract), ENQUEUED with no result until its job ran, then DONE with the result', async () => {
    const res = await importing([{ source_id: 'imp-first', amount: 1000, status: 'CREATED' }]);
    expect(res.status).toBe(200);
    expect(contractErrors('loyalty-rest', '/v1/orders/import', 'post', 200, res.body)).toEqual([]);
    expect(res.body).toEqual({ async_action_id: expect.stringMatching(/^aa_[0-9a-f]{18}$/) });
    const id = res.body.async_action_id as string;
    const enqueued = await action(id);
    expect(asyncActionSchema.parse(enqueued.body)).toEqual({
      id,
      type: 'ORDERS.IMPORT',
      status: 'ENQUEUED',
      created_at: service.clock.now().toISOString(),
      updated_at: service.clock.now().toISOString(),
      request_id: res.headers.get('x-request-id'),
      progress: 0,
      object: 'async_action',
    });
    expect(await ordersOf(['imp-first'])).toEqual([]);
    expect(await runAsyncAction(service.ctx, id)).toBe('done');
    const done = await action(id);
    expect(asyncActionSchema.parse(done.body)).toMatchObject({
      status: 'DONE',
      progress: 100,
      processing_time: expect.any(Number),
      result: { message: '1 order(s) imported successfully, 0 failed.', failed: [], done_count: 1, failed_count: 0 },
    });
    // Run again (a retried job): nothing more happens.
    expect(await runAsyncAction(service.ctx, id)).toBe('done');
    expect(await ordersOf(['imp-first'])).toHaveLength(1);
  });
  it('writes historical orders: no order-paid earning and no events (as the contract says), PAID ones count as paid; customers entering segments earn; referrers and products are created', async () => {
    const fixed = service.project.ids.campaigns.get('Fixed Club') as string;
    const rule = await service.call('POST', `/v1/loyalties/${fixed}/earning-rules`, { body: [{ event: 'customer.segment.entered', segment: { id: 'seg_vipimport' }, loyalty: { type: 'FIXED', points: 5 } }] });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    const before = { bob: await card('FIX-BOB'), alice: await card('FIX-ALICE'), auto: await card('AUTO-ALICE') };
    service.clock.set('2026-04-01T08:00:00.000Z');
    const { body } = await imported([
      // Bob becomes a VIP with this order: he enters the segment, which earns (the contract: imports with customers place them in segments).
      { source_id: 'hist-1', status: 'PAID', customer: { source_id: 'bob', metadata: { tier: 'vip', visits: 3 } }, items: [{ source_id: 'mug', quantity: 2 }], metadata: { placed_at: '2024-05-01' } },
      { source_id: 'hist-2', status: 'PAID', customer: 'alice', referrer: { source_id: 'ref-carol', name: 'Carol' }, items: [{ source_id: 'vase_1', related_object: 'product', quantity: 1, product: { name: 'Vase', price: 2000, override: true } }] },
      { source_id: 'hist-3', status: 'CREATED', customer: { source_id: 'alice' }, amount: 500 },
    ]);
    expect(body.result).toEqual({ message: '3 order(s) imported successfully, 0 failed.', failed: [], done_count: 3, failed_count: 0 });
    const rows = await ordersOf(['hist-1', 'hist-2', 'hist-3']);
    expect(rows.map((r) => [r.source_id, r.status, r.paid_at !== null])).toEqual([
      ['hist-1', 'PAID', true],
      ['hist-2', 'PAID', true],
      ['hist-3', 'CREATED', false],
    ]);
    // Per 1.00 spent (Fixed Club) and the mug rule (Auto Club) would earn 30 and 20, and hold 60: none of it. The segment entry earns 5.
    expect(await card('FIX-BOB')).toMatchObject({ balance: before.bob.balance + 5, pending_points: before.bob.pending_points });
    expect((await card('FIX-ALICE')).balance).toBe(before.alice.balance);
    expect((await card('AUTO-ALICE')).pending_points).toBe(before.auto.pending_points);
    expect(await eventsNaming(rows.map((r) => r.id))).toBe(0);
    // The order's created_at is its import (the contract: keep the real date in metadata).
    const got = await service.call('GET', '/v1/orders/hist-2');
    expect(contractErrors('loyalty-rest', '/v1/orders/{orderId}', 'get', 200, got.body)).toEqual([]);
    expect(orderObjectSchema.parse(got.body)).toMatchObject({ created_at: '2026-04-01T08:00:00.000Z', amount: 2000, referrer_id: expect.stringMatching(/^cust_/), items: [{ product_id: expect.stringMatching(/^prod_/), quantity: 1, amount: 2000 }] });
    const [carol] = await service.database.execute<{ id: string; name: string }>("SELECT id, name FROM customers WHERE source_id = 'ref-carol'");
    expect(carol).toEqual({ id: got.body.referrer_id, name: 'Carol' });
    expect((await service.call('GET', `/v1/products/${got.body.items[0].product_id}`)).body).toMatchObject({ source_id: 'vase_1', name: 'Vase', price: 2000 });
    // Paid when imported, so paying it again through the API earns nothing; an imported CREATED order paid later earns as any order.
    expect((await service.call('PUT', '/v1/orders/hist-1', { body: { status: 'PAID' } })).status).toBe(200);
    expect((await card('FIX-BOB')).balance).toBe(before.bob.balance + 5);
    expect((await service.call('PUT', '/v1/orders/hist-3', { body: { status: 'PAID' } })).status).toBe(200);
    expect((await card('FIX-ALICE')).balance).toBe(before.alice.balance + 5);
    await service.call('DELETE', `/v1/loyalties/${fixed}/earning-rules/${rule.body[0].id}`);
  });

  it('cancels the points an order still holds pending when an import marks it CANCELED: they must not activate', async () => {
    const held = (await card('AUTO-ALICE')).pending_points;
    expect((await service.call('POST', '/v1/orders', { body: { source_id: 'live-mug', customer: 'alice', status: 'PAID', items: [{ source_id: 'mug', quantity: 1 }] } })).status).toBe(200);
    expect((await card('AUTO-ALICE')).pending_points).toBe(held + 30);
    await imported([{ source_id: 'live-mug', status: 'CANCELED' }]);
    expect((await card('AUTO-ALICE')).pending_points).toBe(held);
    expect((await ordersOf(['live-mug']))[0].status).toBe('CANCELED');
  });

  it('refuses an order that stored data rejects (unknown product, customer or order; no price; discounts over the amount) as the real API does: listed in result.failed, the rest written', async () => {
    const { body } = await imported([
      { source_id: 'bad-prod', customer: { source_id: 'ghost-buyer' }, items: [{ product_id: 'prod_nothere', quantity: 1 }] },
      { source_id: 'ok-1', amount: 100 },
      { source_id: 'bad-cust', customer_id: 'cust_nobody', amount: 100 },
      { id: 'ord_missing', amount: 100 },
      { items: [{ source_id: 'no-price' }] },
      { source_id: 'bad-discount', items: [{ source_id: 'beans', quantity: 1, discount_amount: 1000 }] },
      { amount: 200, metadata: { batch: 'failures' } },
    ]);
    // The published ORDERS.IMPORT result schema makes `failed` one object; its own example (and
    // every other import's) is a list of {source_id, reason}, source_id null without one: the examples win.
    expect(asyncActionSchema.parse(body)).toMatchObject({ status: 'DONE', progress: 100 });
    expect(body.result).toEqual({
      message: '2 order(s) imported successfully, 5 failed.',
      failed: [
        { source_id: 'bad-prod', reason: 'Property .0: Cannot find product with id prod_nothere' },
        { source_id: 'bad-cust', reason: 'Property .2: Cannot find customer with id cust_nobody' },
        { source_id: null, reason: 'Property .3: Cannot find order with id ord_missing' },
        { source_id: null, reason: 'Property .4.items.0.amount: is required: the line has no price (neither its own, nor its product’s)' },
        { source_id: 'bad-discount', reason: 'Property .5.items.0.discount_amount: must not be more than the line’s amount' },
      ],
      done_count: 2,
      failed_count: 5,
    });
    expect((await ordersOf(['bad-prod', 'ok-1', 'bad-cust', 'bad-discount'])).map((r) => r.source_id)).toEqual(['ok-1']);
    // A refused order leaves nothing behind: not even the customer it would have created.
    expect(await service.database.execute("SELECT id FROM customers WHERE source_id = 'ghost-buyer'")).toEqual([]);
    expect(await service.database.execute("SELECT id FROM orders WHERE metadata->>'batch' = 'failures'")).toHaveLength(1);
  });

  it('runs one import of a project at a time, in the order requested: a later import’s job carries out the earlier one first, and parallel jobs write each order once', async () => {
    const first = await importing([0, 1, 2].map((i) => ({ source_id: `seq-a-${i}`, amount: 100 + i })));
    const second = await importing([0, 1].map((i) => ({ amount: 200 + i, metadata: { batch: 'seq-b' } })));
    const a = first.body.async_action_id as string;
    const b = second.body.async_action_id as string;
    const written: string[] = [];
    const record = (index: number, id: string) => void written.push(`${id === a ? 'a' : 'b'}${index}`);
    // The second import's job first, the first's twice (a retry running beside it), all at once.
    const outcomes = await Promise.all([runAsyncAction(service.ctx, b, { beforeCommit: record }), runAsyncAction(service.ctx, a, { beforeCommit: record }), runAsyncAction(service.ctx, a, { beforeCommit: record })]);
    expect(outcomes).toEqual(['done', 'done', 'done']);
    expect(written).toEqual(['a0', 'a1', 'a2', 'b0', 'b1']);
    expect((await action(a)).body.result.done_count).toBe(3);
    expect((await action(b)).body.result.done_count).toBe(2);
    expect(await ordersOf(['seq-a-0', 'seq-a-1', 'seq-a-2'])).toHaveLength(3);
    expect(await service.database.execute("SELECT id FROM orders WHERE metadata->>'batch' = 'seq-b'")).toHaveLength(2);
  });

  it('resumes a job cut off mid-order at that order: the orders before it once, the one cut off whole or not at all (without a source_id too)', async () => {
    const orders = [0, 1, 2, 3].map((i) => ({ customer: { source_id: `resume-${i}` }, amount: 300 + i, metadata: { batch: 'resume' } }));
    const { body } = await importing(orders);
    const id = body.async_action_id as string;
    const cut = runAsyncAction(service.ctx, id, {
      beforeCommit: (index) => {
        if (index === 2) throw new Error('the worker stopped');
      },
    });
    await expect(cut).rejects.toThrow('the worker stopped');
    const halfway = await action(id);
    expect(halfway.body).toMatchObject({ status: 'IN_PROGRESS', progress: 50 });
    expect(halfway.body.result).toBeUndefined();
    const batch = async () => service.database.execute<{ amount: string }>("SELECT amount FROM orders WHERE metadata->>'batch' = 'resume' ORDER BY amount");
    expect((await batch()).map((r) => Number(r.amount))).toEqual([300, 301]);
    expect(await service.database.execute("SELECT id FROM customers WHERE source_id = 'resume-2'")).toEqual([]);
    expect(await runAsyncAction(service.ctx, id)).toBe('done');
    expect((await batch()).map((r) => Number(r.amount))).toEqual([300, 301, 302, 303]);
    expect((await action(id)).body.result).toMatchObject({ done_count: 4, failed_count: 0 });
  });

  it('ends FAILED with why when its job gives up, and the next import of the project runs; one that fails in another import’s job waits for its turn', async () => {
    const stuck = (await importing([{ source_id: 'stuck-0', amount: 1 }, { source_id: 'stuck-1', amount: 1 }])).body.async_action_id as string;
    const next = (await importing([{ source_id: 'after-stuck', amount: 1 }])).body.async_action_id as string;
    // The later import's job meets trouble in the earlier one: that is not its own failure.
    const troubled = await runAsyncAction(service.ctx, next, {
      beforeCommit: (index, id) => {
        if (id === stuck && index === 1) throw new Error('database went away');
      },
    });
    expect(troubled).toBe('waiting');
    expect((await action(next)).body.status).toBe('ENQUEUED');
    await failAsyncAction(service.ctx, stuck, 'it failed 4 times (database went away)');
    const failed = await action(stuck);
    expect(asyncActionSchema.parse(failed.body)).toMatchObject({
      status: 'FAILED',
      progress: 50,
      result: { message: 'The import stopped: it failed 4 times (database went away). 1 order(s) imported successfully, 0 failed. 1 not processed.', failed: [], done_count: 1, failed_count: 0 },
    });
    expect(await runAsyncAction(service.ctx, next)).toBe('done');
    expect((await action(next)).body.status).toBe('DONE');
    expect((await ordersOf(['stuck-0', 'stuck-1', 'after-stuck'])).map((r) => r.source_id)).toEqual(['after-stuck', 'stuck-0']);
  });

  it('answers bad input with the error object naming the order by index and the field, and writes nothing', async () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ source_id: `many-${i}`, amount: 100 }));
    const valid = { source_id: 'fine', amount: 100 };
    const before = await databaseChecksum(service.database);
    const cases: [unknown, string][] = [
      [{ source_id: 'not-a-list', amount: 100 }, 'Payload: must be an array of orders'],
      [many(maxImportedOrders + 1), `Property .${maxImportedOrders}: at most ${maxImportedOrders} orders in one import, not ${maxImportedOrders + 1}`],
      [[valid, valid, valid, { amount: -1 }], 'Property .3.amount'],
      [[valid, { items: [{ source_id: 'mug', price: 10.5 }] }], 'Property .1.items.0.price'],
      [[valid, valid, valid, { items: [{ source_id: 'mug', quantity: 0 }] }], 'Property .3.items.0.quantity'],
      [[valid, { source_id: 'a\u0000b', amount: 100 }], '[1].source_id: contains a NUL character'],
      [[valid, valid, { amount: 100, discount_amount: 200 }], 'Property .2.discount_amount'],
      [[{ items: [{ source_id: 'mug', price: 1_000_000_000_000, quantity: 2 }] }], 'Property .0.items.0.amount'],
      [[valid, {}], 'Property .1.amount: is required when the order has no items'],
      [[{ status: 'SHIPPED', amount: 100 }], 'Property .0.status'],
      [[{ items: [{ sku: { id: 'sku_1', override: true } }] }], 'Property .0.items.0.sku'],
      [[{ amount: 100, metadata: { note: 'x'.repeat(1001) } }], 'Property .0.metadata.note'],
      [[{ items: Array.from({ length: 10_000 }, () => ({ source_id: 'mug' })) }], 'Property .0.items'],
    ];
    for (const [body, details] of cases) {
      const res = await importing(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body).toMatchObject({ code: 400, key: 'invalid_payload', message: 'Invalid payload', request_id: expect.any(String) });
      expect(res.body.details).toContain(details);
    }
    // Bodies past 8 MiB: 413 with the error object.
    const huge = await importing(Array.from({ length: 2000 }, (_, i) => ({ source_id: `huge-${i}`, amount: 100, metadata: { note: 'x'.repeat(1000), more: 'y'.repeat(1000), most: 'z'.repeat(1000), all: 'w'.repeat(1000), over: 'v'.repeat(200) } })));
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ code: 413, key: expect.any(String) });
    expect(await databaseChecksum(service.database)).toEqual(before);
  });

  it('takes 2,000 orders in one request (the real limit) and writes them all', { timeout: 120_000 }, async () => {
    const { body } = await imported(Array.from({ length: maxImportedOrders }, (_, i) => ({ source_id: `bulk-${i}`, amount: 100 + i, status: i % 2 ? 'PAID' : 'CREATED' })));
    expect(body.result).toMatchObject({ done_count: maxImportedOrders, failed_count: 0 });
    const [{ n }] = await service.database.execute<{ n: string }>("SELECT count(*) AS n FROM orders WHERE source_id LIKE 'bulk-%'");
    expect(Number(n)).toBe(maxImportedOrders);
  });

  it('answers 404 for an async action the project does not have', async () => {
    const missing = await action('aa_000000000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 404, key: 'not_found', message: 'Resource not found', details: 'Cannot find async_action with id aa_000000000000000000', resource_id: 'aa_000000000000000000', resource_type: 'async_action' });
    const other = await loadFixture(service.database, baseFixture({ project: { name: 'Other project' } }));
    const mine = (await importing([{ source_id: 'mine', amount: 1 }])).body.async_action_id as string;
    const theirs = await service.call('GET', `/v1/async-actions/${mine}`, { headers: { 'X-App-Id': other.keys[0].appId, 'X-App-Token': other.keys[0].appToken } });
    expect(theirs.status).toBe(404);
    await runAsyncAction(service.ctx, mine);
  });

  it('takes the scopes the contract names: orders (or api) to import, async-actions (or api) to poll', async () => {
    const orders = await issueTokenOver(service, 'orders');
    const polling = await issueTokenOver(service, 'async-actions');
    const started = await withBearer(service, orders, 'POST', '/v1/orders/import', { body: [{ source_id: 'scoped', amount: 1 }] });
    expect(started.status).toBe(200);
    const id = started.body.async_action_id as string;
    expect((await withBearer(service, orders, 'GET', `/v1/async-actions/${id}`)).status).toBe(403);
    expect((await withBearer(service, polling, 'GET', `/v1/async-actions/${id}`)).body).toMatchObject({ id, status: 'ENQUEUED' });
    expect((await withBearer(service, polling, 'POST', '/v1/orders/import', { body: [] })).status).toBe(403);
    expect((await withBearer(service, orders, 'POST', '/v1/orders/export', { body: {} })).status).toBe(200);
    await runAsyncAction(service.ctx, id);
  });

  it('runs the SDK’s orders.import, polls asyncActions.get until DONE, and lists the orders', { timeout: 60_000 }, async () => {
    service.clock.advance(60_000);
    const workers = await startWorkers(service.ctx, { registrations: [asyncActionWorker, asyncActionGiveUpWorker] as WorkerRegistration[], pollingIntervalSeconds: 0.5 });
    try {
      const client = VoucherifyServerSide({ applicationId: service.keyHeaders['X-App-Id'], secretKey: service.keyHeaders['X-App-Token'], apiUrl: service.baseUrl });
      const { async_action_id: id } = await client.orders.import([
        { source_id: 'sdk-imp-1', status: 'PAID', customer: { source_id: 'bob' }, amount: 1500 },
        { source_id: 'sdk-imp-2', status: 'FULFILLED', items: [{ product_id: 'prod_fixturemug', quantity: 1 }] },
      ]);
      let polled = await client.asyncActions.get(id);
      const deadline = Date.now() + 30_000;
      while (polled.status !== 'DONE' && polled.status !== 'FAILED' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        polled = await client.asyncActions.get(id);
      }
      expect(polled).toMatchObject({ id, type: 'ORDERS.IMPORT', status: 'DONE', object: 'async_action', result: { done_count: 2, failed_count: 0 } });
      const listed = await client.orders.list({ limit: 100, order: '-created_at' } as never);
      expect(listed.orders.map((o) => o.source_id)).toEqual(expect.arrayContaining(['sdk-imp-1', 'sdk-imp-2']));
      expect(await client.orders.get('sdk-imp-2')).toMatchObject({ status: 'FULFILLED', amount: 1500 });
    } finally {
      await workers.stop();
    }
    expect(asyncActionQueue.name).toBe('order-import');
  });
});
