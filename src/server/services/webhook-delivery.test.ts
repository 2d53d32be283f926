import { createHmac, timingSafeEqual } from 'node:crypto';
import { VoucherifyServerSide } from '@voucherify/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../test/support/databases';
import { earningFixture } from '../../../test/support/earning-fixture';
import { webhookPayloadErrors } from '../../../test/support/openapi';
import { readReference } from '../../../test/support/reference';
import { startTestService, type TestService } from '../../../test/support/service';
import { startReceiver } from '../../../test/support/webhook-receiver';
import { producedWebhookEvents } from '../domain/webhook-events';
import { createManagementKey } from './management-keys';
import { WebhookWorker } from './webhook-worker';

function verifies(body: string, signature: string, secret: string): boolean {
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const minute = 60_000;

/**
 * Where webhooks-loyalty.json's schemas contradict its own examples, the examples win: a custom
 * event's `event.referral` is null in the example (the schema asks for an object), and the expired
 * points' `buckets` of voucher.loyalty_card.points_expired are a list in its example (and in the
 * customer.… event's schema), while its schema says one object.
 */
function asTheSchemaSaysIt(type: string, data: { event?: { referral?: unknown }; buckets?: unknown[] }): unknown {
  if (type === 'customer.custom_event') {
    expect(readReference('webhooks-loyalty.json').webhooks['EVENTS.CUSTOMER.CUSTOM_EVENT'].post.requestBody.content['application/json'].examples['customer.custom_event'].value.event.referral).toBeNull();
    return { ...data, event: { ...data.event, referral: data.event?.referral ?? {} } };
  }
  if (type === 'voucher.loyalty_card.points_expired') {
    expect(Array.isArray(data.buckets)).toBe(true);
    expect(Array.isArray(readReference('webhooks-loyalty.json').webhooks['EVENTS.VOUCHER.LOYALTY_CARD.POINTS_EXPIRED'].post.requestBody.content['application/json'].examples['voucher.loyalty_card.points_expired'].value.buckets)).toBe(true);
    expect(data.buckets?.length).toBeGreaterThan(0);
    return { ...data, buckets: data.buckets?.[0] };
  }
  return data;
}

describe.each(testDatabases())('Webhooks delivered to a receiver on 127.0.0.1 (%s)', (kind) => {
  let service: TestService;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let worker: WebhookWorker;
  let management: Record<string, string>;
  const fixed = () => service.project.ids.campaigns.get('Fixed Club') as string;
  const sdk = () => VoucherifyServerSide({ applicationId: service.keyHeaders['X-App-Id'], secretKey: service.keyHeaders['X-App-Token'], apiUrl: service.baseUrl });
  const hooks = () => `/management/v1/projects/${service.project.projectId}/webhooks`;
  const manage = (method: string, path: string, body?: unknown) => service.call(method, path, { body, headers: management, auth: false });
  const advance = (ms: number) => service.call('POST', '/_local/clock', { body: { advance_seconds: ms / 1000 } });

  beforeAll(async () => {
    service = await startTestService(kind, earningFixture(), undefined, { webhookPrivateTargets: 'allow', localControl: 'on' });
    service.clock.set('2026-03-02T12:00:00.000Z');
    receiver = await startReceiver();
    worker = new WebhookWorker(service.ctx);
    const { key, secret } = await createManagementKey({ db: service.ctx.db, clock: service.clock }, service.project.projectId, 'hooks');
    management = { 'X-Management-Id': key.id, 'X-Management-Token': secret };
  });
  afterAll(async () => {
    await worker.stop();
    await receiver.close();
    await service.close();
  });

  it('sends an SDK flow earn → redeem → expire (clock) as the right events in order, each signed and valid against webhooks-loyalty.json', { timeout: 120_000 }, async () => {
    const client = sdk();
    const product = await client.products.create({ source_id: 'hook-mug', name: 'Mug', price: 1500 });
    const mug = await client.rewards.create({ name: 'Mug', type: 'MATERIAL', parameters: { product: { id: product.id } }, stock: 10 } as never);
    await client.loyalties.createRewardAssignments(fixed(), [{ reward: mug.id, parameters: { loyalty: { points: 250 } } }] as never);

    const created = await manage('POST', hooks(), { target_url: receiver.url, events: producedWebhookEvents });
    expect(created.status).toBe(200);
    const secret = created.body.secret as string;
    await worker.runUntilCaughtUp();
    expect(receiver.received).toHaveLength(0);

    const card = await client.loyalties.createMember(fixed(), { customer: { source_id: 'hook-member', name: 'Hook Member' } });
    await worker.runUntilCaughtUp();
    service.clock.advance(1000);
    await client.events.create('app_review', { customer: { source_id: 'hook-member' }, metadata: { rating: 5 }, loyalty: { code: card.code } } as never);
    await worker.runUntilCaughtUp();
    service.clock.advance(1000);
    await client.loyalties.addOrRemoveCardBalance(card.code, { points: 400, expiration_type: 'CUSTOM_DATE', expiration_date: '2026-04-30', reason: 'welcome gift' });
    await worker.runUntilCaughtUp();
    service.clock.advance(1000);
    await client.loyalties.redeemReward(fixed(), card.code, { reward: { id: mug.id } });
    await worker.runUntilCaughtUp();
    // Past the last day of the 400 points: what remains of them expires.
    expect((await advance(60 * 24 * 60 * minute)).status).toBe(200);
    await worker.runUntilCaughtUp();

    const types = receiver.received.map((r) => r.json.type);
    expect(types).toEqual([
      'customer.publication.succeeded',
      'publication.succeeded',
      'customer.custom_event',
      'voucher.loyalty_card.transaction.created',
      'voucher.loyalty_card.points_added',
      'customer.voucher.loyalty_card.points_added',
      'voucher.loyalty_card.transaction.created',
      'voucher.loyalty_card.points_added',
      'customer.voucher.loyalty_card.points_added',
      'voucher.loyalty_card.transaction.created',
      'customer.reward_redemptions.created',
      'customer.reward_redemptions.completed',
      'customer.rewarded',
      'voucher.loyalty_card.transaction.created',
      'voucher.loyalty_card.points_expired',
      'customer.voucher.loyalty_card.points_expired',
    ]);
    for (const { headers, body, json } of receiver.received) {
      expect(verifies(body, headers['x-voucherify-signature'] as string, secret), json.type).toBe(true);
      expect(headers['content-type']).toBe('application/json');
      expect(json).toMatchObject({ project_id: service.project.projectId, source: { id: created.body.id, object: 'webhook', target_url: receiver.url }, event: { type: json.type } });
      expect(json.id).toMatch(/^whs_/);
      expect(json.event.id).toMatch(/^evcus_/);
      expect(webhookPayloadErrors(json.type, asTheSchemaSaysIt(json.type, json.data)), json.type).toEqual([]);
    }
    const transactions = receiver.received.filter((r) => r.json.type === 'voucher.loyalty_card.transaction.created').map((r) => r.json.data.transaction);
    expect(transactions.map((t) => [t.type, t.details.balance.points])).toEqual([
      ['POINTS_ACCRUAL', 10],
      ['POINTS_ADDITION', 400],
      ['POINTS_REDEMPTION', -250],
      ['POINTS_EXPIRATION', -150],
    ]);
    expect(receiver.received.find((r) => r.json.type === 'customer.custom_event')?.json.data.event).toMatchObject({ type: 'app_review', metadata: { rating: 5 } });
    // Nothing is sent twice.
    await worker.runUntilCaughtUp();
    expect(receiver.received).toHaveLength(types.length);
  });

  it('retries a receiver answering 500 at 1, 2, 4 … minutes of project time, then disables the endpoint after 12 failed sendouts', { timeout: 180_000 }, async () => {
    receiver.received.length = 0;
    receiver.status.code = 500;
    const list = await manage('GET', hooks());
    for (const hook of list.body.data) await manage('DELETE', `${hooks()}/${hook.id}`);
    const created = await manage('POST', hooks(), { target_url: receiver.url, events: ['customer.custom_event'] });
    const id = created.body.id as string;
    const track = () => sdk().events.create('app_review', { customer: { source_id: 'hook-member' }, metadata: { rating: 4 } } as never);

    await track();
    await worker.runUntilCaughtUp();
    expect(receiver.received).toHaveLength(1);
    const eventId = receiver.received[0].json.event.id;
    const sendoutId = receiver.received[0].json.id;
    const waits = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 1440].map((m) => m * minute);
    for (const [i, wait] of waits.entries()) {
      // Not a second early.
      await advance(wait - 1000);
      await worker.runUntilCaughtUp();
      expect(receiver.received, `retry ${i + 1}`).toHaveLength(i + 1);
      await advance(1000);
      await worker.runUntilCaughtUp();
      expect(receiver.received, `retry ${i + 1}`).toHaveLength(i + 2);
    }
    // The same envelope every time: the ids are stable, so a receiver can de-duplicate.
    for (const r of receiver.received) expect([r.json.id, r.json.event.id]).toEqual([sendoutId, eventId]);
    await advance(2 * 24 * 60 * minute);
    await worker.runUntilCaughtUp();
    expect(receiver.received).toHaveLength(13);

    const log = await manage('GET', `${hooks()}/${id}/sendouts?limit=20`);
    expect(log.status).toBe(200);
    expect(log.body.data).toHaveLength(13);
    expect(log.body.data[0]).toMatchObject({ sendout_id: sendoutId, event_id: eventId, event_type: 'customer.custom_event', attempt: 13, status_code: 500, status: 'FAILED' });
    expect(log.body.data[0].response).toHaveLength(1024);
    const times = log.body.data.map((a: { created_at: string }) => Date.parse(a.created_at)).reverse();
    expect(times.slice(1).map((t: number, i: number) => (t - times[i]) / minute)).toEqual(waits.map((w) => w / minute));
    expect((await manage('GET', `${hooks()}/${id}`)).body).toMatchObject({ active: true, failed_sendouts: 1 });

    // Eleven more sendouts that fail for good: the twelfth in a row disables the endpoint.
    for (let n = 2; n <= 12; n++) {
      await track();
      await worker.runUntilCaughtUp();
      for (const wait of waits) {
        await advance(wait);
        await worker.runUntilCaughtUp();
      }
      expect((await manage('GET', `${hooks()}/${id}`)).body, `sendout ${n}`).toMatchObject({ failed_sendouts: n, active: n < 12 });
    }
    const before = receiver.received.length;
    await track();
    await worker.runUntilCaughtUp();
    expect(receiver.received).toHaveLength(before);
  });
});
