import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../test/support/databases';
import { webhookPayloadErrors, webhookPayloadErrorsBeyondExample } from '../../../test/support/openapi';
import { orderFixture } from '../../../test/support/order-fixture';
import { startTestService, type TestService } from '../../../test/support/service';
import { startReceiver, subscribeEndpoint } from '../../../test/support/webhook-receiver';
import { producedWebhookEvents } from '../domain/webhook-events';
import { WebhookWorker } from './webhook-worker';

/**
 * The changes that are no card transaction (orders; pending points held, adjusted, canceled) reach
 * the receiver from their outbox rows, in the order they happened, with payloads valid against
 * webhooks-loyalty.json; a change refused (and so rolled back) reports nothing.
 */
describe.each(testDatabases())('Webhooks of orders and pending points (%s)', (kind) => {
  let service: TestService;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let worker: WebhookWorker;

  beforeAll(async () => {
    service = await startTestService(kind, orderFixture(), undefined, { webhookPrivateTargets: 'allow' });
    receiver = await startReceiver();
    worker = new WebhookWorker(service.ctx);
    const created = await subscribeEndpoint(service, receiver.url, producedWebhookEvents.filter((e) => !e.startsWith('voucher.loyalty_card.transaction')));
    expect(created.status).toBe(200);
  });
  afterAll(async () => {
    await worker.stop();
    await receiver.close();
    await service.close();
  });

  it('reports an order created, paid (earning now and pending), its pending points adjusted, and the order canceled', async () => {
    service.clock.advance(1000);
    const order = await service.call('POST', '/v1/orders', { body: { source_id: 'hook-1', customer: { source_id: 'alice' }, status: 'CREATED', items: [{ source_id: 'mug', quantity: 2 }] } });
    expect(order.status).toBe(200);
    await worker.runUntilCaughtUp();
    service.clock.advance(1000);
    expect((await service.call('PUT', `/v1/orders/${order.body.id}`, { body: { status: 'PAID' } })).status).toBe(200);
    await worker.runUntilCaughtUp();
    const held = (await service.call('GET', '/v1/loyalties/members/AUTO-ALICE/pending-points')).body.data[0];
    service.clock.advance(1000);
    expect((await service.call('POST', `/v1/loyalties/members/AUTO-ALICE/pending-points/${held.id}/balance`, { body: { points: 5 } })).status).toBe(200);
    await worker.runUntilCaughtUp();
    // Refused (at least 1 must remain): rolled back, nothing reported.
    expect((await service.call('POST', `/v1/loyalties/members/AUTO-ALICE/pending-points/${held.id}/balance`, { body: { points: -10_000 } })).status).toBe(400);
    service.clock.advance(1000);
    expect((await service.call('PUT', `/v1/orders/${order.body.id}`, { body: { status: 'CANCELED' } })).status).toBe(200);
    await worker.runUntilCaughtUp();

    expect(receiver.received.map((r) => r.json.type)).toEqual([
      'customer.order.created',
      'customer.order.updated',
      'customer.order.paid',
      'voucher.loyalty_card.pending_points.added',
      'customer.voucher.loyalty_card.pending_points.added',
      'voucher.loyalty_card.points_added',
      'customer.voucher.loyalty_card.points_added',
      'voucher.loyalty_card.pending_points.updated',
      'customer.voucher.loyalty_card.pending_points.updated',
      'customer.order.updated',
      'customer.order.canceled',
      'voucher.loyalty_card.pending_points.canceled',
      'customer.voucher.loyalty_card.pending_points.canceled',
    ]);
    for (const { json } of receiver.received) {
      if (json.type.includes('points_added')) {
        expect(webhookPayloadErrors(json.type, json.data), json.type).toEqual([]);
        continue;
      }
      // These schemas contradict their own examples: the order events' allOf forbids every property
      // of the order but customer and referrer and types the example's null referrer and redemption
      // as objects; the pending-points balance of the example has no required `balance`. The
      // examples win: nothing beyond what the example breaks may fail.
      expect(webhookPayloadErrorsBeyondExample(json.type, json.data), json.type).toEqual([]);
    }
    const paidAndAdjusted = [...receiver.received];
    const paid = receiver.received.find((r) => r.json.type === 'customer.order.paid')?.json;
    expect(paid.data.order).toMatchObject({ id: order.body.id, status: 'PAID' });
    expect(paid.data.customer).toMatchObject({ source_id: 'alice' });
    // A new order paid at once by a customer it leaves alone takes the one-statement path
    // (services/order-in-one-statement.ts): its event reports it created and paid.
    receiver.received.length = 0;
    service.clock.advance(1000);
    const quick = await service.call('POST', '/v1/orders', { body: { source_id: 'hook-2', customer: { source_id: 'bob' }, status: 'PAID', amount: 2000 } });
    expect(quick.status).toBe(200);
    await worker.runUntilCaughtUp();
    expect(receiver.received.map((r) => r.json.type)).toEqual(['customer.order.created', 'customer.order.paid', 'voucher.loyalty_card.points_added', 'customer.voucher.loyalty_card.points_added']);
    for (const { json } of receiver.received.slice(0, 2)) {
      expect(json.data.order).toMatchObject({ id: quick.body.id, status: 'PAID', amount: 2000 });
      expect(webhookPayloadErrorsBeyondExample(json.type, json.data), json.type).toEqual([]);
    }
    const updated = paidAndAdjusted.find((r) => r.json.type === 'voucher.loyalty_card.pending_points.updated')?.json;
    expect(updated.data.pending_points).toMatchObject({ id: held.id, points: held.points + 5 });
    expect(updated.data.voucher_pending_points_balance).toMatchObject({ points: 5 });
  });
});
