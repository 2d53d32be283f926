import { VoucherifyServerSide } from '@voucherify/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderListSchema, orderObjectSchema } from '../../../contract/order';
import { pendingPointsListSchema } from '../../../contract/pending-points';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { testDatabases } from '../../../../test/support/databases';
import { contractErrors } from '../../../../test/support/openapi';
import { orderFixture } from '../../../../test/support/order-fixture';
import { startTestService, type TestService } from '../../../../test/support/service';
import type { CardChange } from '../../services/card-changes';
import { expirePointsEverywhere } from '../../services/project-time';

describe.each(testDatabases())('Orders (%s)', (kind) => {
  let service: TestService;
  const card = async (code: string) => (await service.call('GET', `/v1/loyalties/members/${code}`)).body.loyalty_card as { balance: number; points: number; pending_points: number };
  const pending = async (code: string) => (await service.call('GET', `/v1/loyalties/members/${code}/pending-points?limit=100`)).body;
  const order = (body: object) => service.call('POST', '/v1/orders', { body });
  const announced: CardChange[] = [];

  beforeAll(async () => {
    service = await startTestService(kind, orderFixture());
    service.ctx.cardChanges.subscribe((changes) => void announced.push(...changes));
  });
  afterAll(() => service.close());

  it('creates a paid order with computed amounts, earns on one card and holds points pending on the other; every answer matches the contract', async () => {
    const before = { fix: await card('FIX-ALICE'), auto: await card('AUTO-ALICE') };
    const res = await order({
      source_id: 'web-1001',
      customer: { source_id: 'alice' },
      status: 'PAID',
      items: [
        { source_id: 'mug', quantity: 2 },
        { product_id: 'beans', amount: 700, discount_amount: 200 },
      ],
      metadata: { channel: 'web' },
    });
    expect(res.status).toBe(200);
    expect(contractErrors('loyalty-rest', '/v1/orders', 'post', 200, res.body)).toEqual([]);
    expect(orderObjectSchema.parse(res.body)).toMatchObject({
      id: expect.stringMatching(/^ord_/),
      source_id: 'web-1001',
      status: 'PAID',
      amount: 3700,
      items_discount_amount: 200,
      total_discount_amount: 200,
      total_amount: 3500,
      customer_id: expect.stringMatching(/^cust_/),
      items: [
        { object: 'order_item', product_id: 'prod_fixturemug', source_id: 'mug', quantity: 2, price: 1500, amount: 3000, discount_amount: 0, subtotal_amount: 3000, product: { name: 'Mug', price: 1500 } },
        { object: 'order_item', quantity: 1, price: 900, amount: 700, discount_amount: 200, subtotal_amount: 500, product: { name: 'Coffee beans' } },
      ],
    });
    // Fixed Club: 1 point per 1.00 of 37.00, before discounts, added now.
    expect(await card('FIX-ALICE')).toMatchObject({ balance: before.fix.balance + 37, pending_points: 0 });
    // Auto Club: 2 points per 1.00 of the mugs' 30.00 after discounts, held 14 days: pending, not in the balance.
    expect(await card('AUTO-ALICE')).toMatchObject({ balance: before.auto.balance, pending_points: 60 });
    const held = await pending('AUTO-ALICE');
    expect(contractErrors('loyalty-rest', '/v1/loyalties/members/{memberId}/pending-points', 'get', 200, held)).toEqual([]);
    const auto = service.project.ids.campaigns.get('Auto Club') as string;
    const ofCampaign = await service.call('GET', `/v1/loyalties/${auto}/pending-points`);
    expect(contractErrors('loyalty-rest', '/v1/loyalties/{campaignId}/pending-points', 'get', 200, ofCampaign.body)).toEqual([]);
    const ofMember = await service.call('GET', `/v1/loyalties/${auto}/members/AUTO-ALICE/pending-points`);
    expect(contractErrors('loyalty-rest', '/v1/loyalties/{campaignId}/members/{memberId}/pending-points', 'get', 200, ofMember.body)).toEqual([]);
    expect(ofCampaign.body.data).toEqual(held.data);
    expect(ofMember.body.data).toEqual(held.data);
    expect(pendingPointsListSchema.parse(held).data).toEqual([
      expect.objectContaining({ order_id: res.body.id, points: 60, activates_at: new Date(service.clock.now().getTime() + 14 * 86_400_000).toISOString().slice(0, 10), details: expect.objectContaining({ order: { id: res.body.id, source_id: 'web-1001' } }) }),
    ]);
    const txs = (await service.call('GET', '/v1/loyalties/members/FIX-ALICE/transactions?limit=1')).body.data;
    expect(txs[0]).toMatchObject({ type: 'POINTS_ACCRUAL', details: { order: { id: res.body.id, source_id: 'web-1001' }, event: { type: 'customer.order.paid' } } });
  });

  it('earns once per order: paid again by upsert, by update, after canceled and paid again', async () => {
    const first = await order({ source_id: 'web-once', customer: 'bob', status: 'PAID', amount: 1000 });
    const balance = (await card('FIX-BOB')).balance;
    expect((await order({ source_id: 'web-once', status: 'PAID', amount: 5000 })).body).toMatchObject({ id: first.body.id, amount: 5000 });
    const updated = await service.call('PUT', `/v1/orders/${first.body.id}`, { body: { status: 'PAID' } });
    expect(contractErrors('loyalty-rest', '/v1/orders/{orderId}', 'put', 200, updated.body)).toEqual([]);
    await service.call('PUT', '/v1/orders/web-once', { body: { status: 'CANCELED' } });
    await service.call('PUT', '/v1/orders/web-once', { body: { status: 'PAID' } });
    expect((await card('FIX-BOB')).balance).toBe(balance);
  });

  it('earns once when 20 updates mark one order PAID at the same time', async () => {
    const created = await order({ source_id: 'race-1', customer: 'bob', status: 'CREATED', amount: 1200 });
    const balance = (await card('FIX-BOB')).balance;
    const answers = await Promise.all(Array.from({ length: 20 }, () => service.call('PUT', `/v1/orders/${created.body.id}`, { body: { status: 'PAID' } })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect((await card('FIX-BOB')).balance).toBe(balance + 12);
  });

  it('creates an order once when 10 upserts of a new source_id arrive together, and it earns once', async () => {
    const balance = (await card('FIX-BOB')).balance;
    const answers = await Promise.all(Array.from({ length: 10 }, () => order({ source_id: 'race-new', customer: 'bob', status: 'PAID', amount: 800 })));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect((await card('FIX-BOB')).balance).toBe(balance + 8);
  });

  it('activates held points when their day comes, cancels them with the order, and takes activate, adjust and cancel by hand', async () => {
    const start = await card('AUTO-ALICE');
    const a = await order({ customer: 'alice', status: 'PAID', items: [{ source_id: 'mug', quantity: 1 }] });
    const b = await order({ customer: 'alice', status: 'PAID', items: [{ source_id: 'mug', quantity: 1 }] });
    const c = await order({ customer: 'alice', status: 'PAID', items: [{ source_id: 'mug', quantity: 1 }] });
    const entryOf = async (orderId: string) => ((await pending('AUTO-ALICE')).data as { id: string; order_id: string }[]).find((e) => e.order_id === orderId)!.id;
    expect((await card('AUTO-ALICE')).pending_points).toBe(start.pending_points + 90);

    // Canceled by hand with a reason: the reason stays with the entry.
    const d = await order({ customer: 'alice', status: 'PAID', items: [{ source_id: 'mug', quantity: 1 }] });
    const dEntry = await entryOf(d.body.id);
    expect((await service.call('POST', `/v1/loyalties/members/AUTO-ALICE/pending-points/${dEntry}/cancel`, { body: { reason: 'returned, ticket 12' } })).status).toBe(204);
    const [canceled] = await service.database.execute<{ status: string; reason: string }>(`SELECT status, details->>'cancel_reason' AS reason FROM pending_points WHERE id = $1`, [dEntry]);
    expect(canceled).toEqual({ status: 'CANCELED', reason: 'returned, ticket 12' });

    // The order canceled before activation takes its pending points with it.
    await service.call('PUT', `/v1/orders/${a.body.id}`, { body: { status: 'CANCELED' } });
    expect((await card('AUTO-ALICE')).pending_points).toBe(start.pending_points + 60);

    const adjusted = await service.call('POST', `/v1/loyalties/members/AUTO-ALICE/pending-points/${await entryOf(b.body.id)}/balance`, { body: { points: -10 } });
    expect(contractErrors('loyalty-rest', '/v1/loyalties/members/{memberId}/pending-points/{pendingPointsId}/balance', 'post', 200, adjusted.body)).toEqual([]);
    expect(adjusted.body).toMatchObject({ points: -10, total: start.pending_points + 50 });

    const cEntry = await entryOf(c.body.id);
    const activated = await service.call('POST', `/v1/loyalties/members/AUTO-ALICE/pending-points/${cEntry}/activate`);
    expect(contractErrors('loyalty-rest', '/v1/loyalties/members/{memberId}/pending-points/{pendingPointsId}/activate', 'post', 200, activated.body)).toEqual([]);
    expect(activated.body).toMatchObject({ points: 30, balance: start.balance + 30, related_object: { type: 'voucher' } });
    // Activated once: a second activation or a cancel finds nothing pending.
    expect((await service.call('POST', `/v1/loyalties/members/AUTO-ALICE/pending-points/${cEntry}/activate`)).body).toMatchObject({ code: 404, key: 'not_found', resource_type: 'pending_points' });
    const cancelAgain = await service.call('POST', `/v1/loyalties/members/AUTO-ALICE/pending-points/${cEntry}/cancel`, { body: { reason: 'again' } });
    expect(cancelAgain.status, JSON.stringify(cancelAgain.body)).toBe(404);

    // b's 20 points, and the first test's 60, activate 14 days on, by the hourly run.
    const beforeRun = await card('AUTO-ALICE');
    service.clock.advance(13 * 86_400_000);
    await expirePointsEverywhere(service.ctx);
    expect((await card('AUTO-ALICE')).balance).toBe(beforeRun.balance);
    service.clock.advance(86_400_000);
    await expirePointsEverywhere(service.ctx);
    expect(await card('AUTO-ALICE')).toMatchObject({ balance: beforeRun.balance + beforeRun.pending_points, pending_points: 0 });
    const latest = (await service.call('GET', '/v1/loyalties/members/AUTO-ALICE/transactions?limit=1')).body.data[0];
    expect(latest).toMatchObject({ type: 'PENDING_POINTS_ACTIVATION', source: 'Automation', details: { pending_points: { id: expect.stringMatching(/^lopp_/) } } });
  });

  it('announces every change to a card from one place, exactly as the ledger records it', async () => {
    announced.length = 0;
    await order({ customer: 'alice', status: 'PAID', items: [{ source_id: 'mug', quantity: 2 }] });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(announced.map((c) => [c.kind, c.points])).toEqual(
      expect.arrayContaining([
        ['POINTS_ACCRUAL', 30],
        ['PENDING_POINTS_ADDED', 60],
      ]),
    );
    expect(announced.every((c) => c.projectId === service.project.projectId)).toBe(true);
    const accrual = announced.find((c) => c.kind === 'POINTS_ACCRUAL')!;
    const [row] = await service.database.execute<{ amount: number }>('SELECT amount::int AS amount FROM card_transactions WHERE id = $1', [accrual.transactionId]);
    expect(row.amount).toBe(30);
  });

  it('earns by an order.paid rule written through v1 from the next order: per item quantity of one product, held as the rule says', async () => {
    const fixed = service.project.ids.campaigns.get('Fixed Club') as string;
    const created = await service.call('POST', `/v1/loyalties/${fixed}/earning-rules`, {
      body: [
        {
          event: 'order.paid',
          loyalty: { type: 'PROPORTIONAL', calculation_type: 'ORDER_ITEMS_QUANTITY', order_items: { quantity: { every: 1, points: 5, object: 'product', id: 'prod_fixturemug' } } },
          pending_points: { period_type: 'DAY', period_value: 3 },
          source: { banner: 'Five per mug' },
        },
      ],
    });
    expect(created.status).toBe(200);
    expect(contractErrors('spend', '/v1/loyalties/{campaignId}/earning-rules', 'post', 200, created.body)).toEqual([]);
    expect(created.body[0]).toMatchObject({ event: 'order.paid', pending_points: { period_type: 'DAY', period_value: 3 } });
    const before = await card('FIX-BOB');
    await order({ customer: 'bob', status: 'PAID', items: [{ source_id: 'mug', quantity: 3 }, { source_id: 'beans', quantity: 4 }] });
    // The per-1.00 rule adds 81 now (45.00 + 36.00); the new one holds 15 for the three mugs.
    expect(await card('FIX-BOB')).toMatchObject({ balance: before.balance + 81, pending_points: before.pending_points + 15 });
    await service.call('DELETE', `/v1/loyalties/${fixed}/earning-rules/${created.body[0].id}`);
  });

  it('lists orders oldest first, of one customer, and gets one by id or source_id', async () => {
    service.clock.advance(1000);
    await order({ source_id: 'late-1', amount: 100 });
    service.clock.advance(1000);
    await order({ source_id: 'late-2', amount: 100 });
    const newest = await service.call('GET', '/v1/orders?limit=2&order=-created_at');
    expect(orderListSchema.parse(newest.body).orders.map((o) => o.source_id)).toEqual(['late-2', 'late-1']);
    const list = await service.call('GET', '/v1/orders?limit=2');
    expect(contractErrors('loyalty-rest', '/v1/orders', 'get', 200, list.body)).toEqual([]);
    expect(orderListSchema.parse(list.body).total).toBe(newest.body.total);
    expect(list.body.orders[0].created_at <= list.body.orders[1].created_at).toBe(true);
    const bobs = await service.call('GET', '/v1/orders?customer=bob&order=-created_at');
    expect(bobs.body.orders.every((o: { customer_id: string }) => o.customer_id === bobs.body.orders[0].customer_id)).toBe(true);
    expect(bobs.body.total).toBe(4);
    const byId = await service.call('GET', `/v1/orders/${list.body.orders[0].id}`);
    expect(contractErrors('loyalty-rest', '/v1/orders/{orderId}', 'get', 200, byId.body)).toEqual([]);
    expect((await service.call('GET', '/v1/orders/late-1')).body.id).toBe(newest.body.orders[1].id);
    expect((await service.call('GET', '/v1/orders/nope')).body).toMatchObject({ code: 404, key: 'not_found', resource_type: 'order', resource_id: 'nope' });
  });

  it('answers bad input with the error object naming the field, and writes nothing', async () => {
    const before = await databaseChecksum(service.database);
    const cases: [object, number, string][] = [
      [{ amount: -1 }, 400, 'amount'],
      [{ amount: 10.5 }, 400, 'amount'],
      [{ items: [{ quantity: 1, amount: 100 }] }, 400, 'items'],
      [{ items: [{ source_id: 'mug', quantity: 0 }] }, 400, 'items.0.quantity'],
      [{ items: [{ source_id: 'no-price' }] }, 400, 'items.0.amount'],
      [{ items: [{ source_id: 'mug', price: 1_000_000_000_000, quantity: 2 }] }, 400, 'items.0.amount'],
      [{ items: Array.from({ length: 10_000 }, () => ({ source_id: 'mug' })) }, 400, 'items'],
      [{ amount: 100, discount_amount: 200 }, 400, 'discount_amount'],
      [{ status: 'SHIPPED', amount: 100 }, 400, 'status'],
      [{ customer: 'cust_nobody', amount: 100, status: 'PAID' }, 404, 'customer'],
      [{ items: [{ product_id: 'prod_nothere', quantity: 1 }] }, 404, 'product'],
      [{ items: [{ sku: { id: 'sku_1', override: true } }] }, 400, 'items.0.sku'],
      [{ source_id: 'a\u0000b', amount: 100 }, 400, 'source_id'],
      [{}, 400, 'amount'],
      [{ amount: 100, metadata: { note: 'x'.repeat(1001) } }, 400, 'metadata.note'],
      [{ items: [{ source_id: 'mug', metadata: { note: 'x'.repeat(1001) } }] }, 400, 'items.0.metadata.note'],
    ];
    for (const [body, status, field] of cases) {
      const res = await order(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(Object.keys(res.body)).toEqual(expect.arrayContaining(['code', 'message', 'key', 'details', 'request_id']));
      expect(`${res.body.details} ${res.body.resource_type}`).toContain(field);
    }
    expect(await databaseChecksum(service.database)).toEqual(before);
  });

  it('runs the SDK’s orders.create, get, update and list', async () => {
    const client = VoucherifyServerSide({ applicationId: service.keyHeaders['X-App-Id'], secretKey: service.keyHeaders['X-App-Token'], apiUrl: service.baseUrl });
    const created = await client.orders.create({ source_id: 'sdk-1', customer: { source_id: 'bob' }, amount: 2500, status: 'CREATED' });
    expect(created).toMatchObject({ source_id: 'sdk-1', amount: 2500, status: 'CREATED' });
    const balance = (await card('FIX-BOB')).balance;
    expect(await client.orders.update({ id: created.id as string, status: 'PAID' })).toMatchObject({ status: 'PAID' });
    expect((await card('FIX-BOB')).balance).toBe(balance + 25);
    expect(await client.orders.get(created.id as string)).toMatchObject({ id: created.id, status: 'PAID' });
    expect((await client.orders.list({ limit: 100 })).orders.map((o) => o.id)).toContain(created.id);
  });
  it('counts points held pending as triggers of their rule: once a day means one order a day, pending or not', async () => {
    const fixed = service.project.ids.campaigns.get('Fixed Club') as string;
    const created = await service.call('POST', `/v1/loyalties/${fixed}/earning-rules`, {
      body: [
        {
          event: 'order.paid',
          loyalty: { type: 'FIXED', points: 7 },
          pending_points: { period_type: 'DAY', period_value: 2 },
          trigger_limits: { cooldown: { type: 'NO_COOLDOWN' }, frequency: { type: 'LIMITED', limits: [{ type: 'TIME_BASED', period: { type: 'CURRENT_PERIOD', current_period: { unit: 'DAY' } }, triggers: { max: 1 } }] } },
        },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const before = await card('FIX-BOB');
    await order({ customer: 'bob', status: 'PAID', amount: 10 });
    await order({ customer: 'bob', status: 'PAID', amount: 10 });
    expect((await card('FIX-BOB')).pending_points).toBe(before.pending_points + 7);
    await service.call('DELETE', `/v1/loyalties/${fixed}/earning-rules/${created.body[0].id}`);
  });
});
