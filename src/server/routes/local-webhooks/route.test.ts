import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookExamplesFile, webhookExamplesText } from '../../../../scripts/webhook-examples';
import { fireableWebhookEvents, webhookEventTypeOf } from '../../../contract/webhook-fire';
import { webhookEventNames } from '../../../contract/webhook';
import { testDatabases } from '../../../../test/support/databases';
import { webhookListed, webhookPayloadErrorsBeyondExample, type WebhookDocument } from '../../../../test/support/openapi';
import { readReference } from '../../../../test/support/reference';
import { startTestService, type TestService } from '../../../../test/support/service';
import { tierFixture } from '../../../../test/support/tier-fixture';
import { managementHeaders, startReceiver, subscribeEndpoint } from '../../../../test/support/webhook-receiver';
import { webhookSignature } from '../../services/webhook-delivery';
import { WebhookWorker } from '../../services/webhook-worker';

/**
 * Where a payload's errors against its document are none beyond those the contract's own example
 * for the type has (the examples win where the schemas contradict them: README, "Webhooks"),
 * checked against every payload document that lists the type.
 */
function contractErrors(type: string, data: unknown): string[] {
  const documents: WebhookDocument[] = ['promotion-webhooks', 'webhooks'];
  return documents.filter((document) => webhookListed(type, document)).flatMap((document) => webhookPayloadErrorsBeyondExample(type, data, document).map((e) => `${document}: ${e}`));
}

describe('the fireable event types', () => {
  it('are every webhook of the payload contract, and cover the loyalty payloads', () => {
    const promotion = Object.keys(readReference('promotion/webhooks.json').webhooks).map(webhookEventTypeOf);
    expect([...fireableWebhookEvents]).toEqual(promotion);
    for (const name of Object.keys(readReference('webhooks-loyalty.json').webhooks)) expect(fireableWebhookEvents).toContain(webhookEventTypeOf(name));
  });

  it('have their payload examples in the repository as the contract has them (npx tsx scripts/webhook-examples.ts)', () => {
    expect(readFileSync(webhookExamplesFile, 'utf8')).toBe(webhookExamplesText());
  });
});

describe.each(testDatabases())('POST /_local/webhooks/fire, LOCAL_CONTROL=on (%s)', (kind) => {
  let service: TestService;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let worker: WebhookWorker;
  let endpoint: { id: string; secret: string };
  const fire = (body: unknown) => service.call('POST', '/_local/webhooks/fire', { body });
  const customerId = async (sourceId: string) => (await service.call('GET', `/v1/customers/${sourceId}`)).body.id as string;

  beforeAll(async () => {
    service = await startTestService(kind, tierFixture(), undefined, { webhookPrivateTargets: 'allow', localControl: 'on' });
    receiver = await startReceiver();
    worker = new WebhookWorker(service.ctx);
    // Subscribed to every event an endpoint may subscribe to.
    const created = await subscribeEndpoint(service, receiver.url, webhookEventNames);
    expect(created.status).toBe(200);
    endpoint = { id: created.body.id, secret: created.body.secret };
  });
  afterAll(async () => {
    await worker.stop();
    await receiver.close();
    await service.close();
  });

  it('sends customer.loyalty.tier.upgraded to the endpoint that subscribes, signed, naming the member, their card and the program’s tiers', async () => {
    const fired = await fire({ type: 'customer.loyalty.tier.upgraded', card: 'BAL-BOB' });
    expect(fired.status).toBe(200);
    expect(fired.body).toMatchObject({ object: 'webhook_event_fired', type: 'customer.loyalty.tier.upgraded', sendouts: [{ webhook_id: endpoint.id, event_type: 'customer.loyalty.tier.upgraded', status: 'PENDING' }] });
    await worker.runUntilCaughtUp();

    const [received] = receiver.received.splice(0);
    expect(received.headers['x-voucherify-signature']).toBe(webhookSignature(received.body, endpoint.secret));
    const bob = await customerId('bob');
    const balanceClub = service.project.ids.campaigns.get('Balance Club');
    expect(received.json).toMatchObject({
      id: fired.body.sendouts[0].id,
      project_id: service.project.projectId,
      type: 'customer.loyalty.tier.upgraded',
      source: { id: endpoint.id, object: 'webhook', target_url: receiver.url },
      event: { id: fired.body.event_id, type: 'customer.loyalty.tier.upgraded', entity_id: bob, event_source: { channel: 'API' } },
    });
    const { data } = received.json;
    expect(data).toEqual(fired.body.data);
    expect(data.customer).toMatchObject({ id: bob, source_id: 'bob', name: 'Bob', email: 'bob@example.com', object: 'customer' });
    expect(data.campaign).toMatchObject({ id: balanceClub, name: 'Balance Club', object: 'campaign' });
    expect(data.loyalty_tier_from).toMatchObject({ name: 'Silver', campaign_id: balanceClub, points: { from: 100, to: 499 } });
    expect(data.loyalty_tier_to).toMatchObject({ name: 'Gold', campaign_id: balanceClub, points: { from: 500 } });
    expect(contractErrors('customer.loyalty.tier.upgraded', data)).toEqual([]);
  });

  it('sends every event type of the contract to a given endpoint, each signed and valid against the payload contract', { timeout: 120_000 }, async () => {
    for (const type of fireableWebhookEvents) {
      const fired = await fire({ type, webhook_id: endpoint.id, customer: 'alice' });
      expect(fired.status, type).toBe(200);
      expect(fired.body.sendouts, type).toHaveLength(1);
    }
    await worker.runUntilCaughtUp();
    const received = receiver.received.splice(0);
    expect(received.map((r) => r.json.type)).toEqual([...fireableWebhookEvents]);
    const alice = await customerId('alice');
    expect(received.flatMap(({ json }) => contractErrors(json.type, json.data).map((error) => `${json.type} ${error}`))).toEqual([]);
    for (const { headers, body, json } of received) {
      expect(headers['x-voucherify-signature'], json.type).toBe(webhookSignature(body, endpoint.secret));
      // Where the example names a customer, it is Alice.
      for (const key of ['customer', 'holder']) if (json.data[key]?.object === 'customer') expect(json.data[key].id, `${json.type} ${key}`).toBe(alice);
      // Where it names a loyalty card, it is one of hers.
      if (json.data.voucher?.type === 'LOYALTY_CARD') expect(['TIER-ALICE', 'BAL-ALICE'], json.type).toContain(json.data.voucher.code);
    }
  });

  it('is retried like any other sendout when the receiver fails', async () => {
    receiver.status.code = 500;
    try {
      const fired = await fire({ type: 'voucher.loyalty_card.points_added', card: 'TIER-CAROL' });
      await worker.runUntilCaughtUp();
      const log = await service.call('GET', `/management/v1/projects/${service.project.projectId}/webhooks/${endpoint.id}/sendouts`, { auth: false, headers: await managementHeaders(service) });
      expect(log.body.data[0]).toMatchObject({ sendout_id: fired.body.sendouts[0].id, attempt: 1, status_code: 500, status: 'PENDING' });
      const [sendout] = await service.database.execute<{ next_attempt_at: Date }>('SELECT next_attempt_at FROM webhook_sendouts WHERE id = $1', [fired.body.sendouts[0].id]);
      expect(new Date(sendout.next_attempt_at).getTime()).toBeGreaterThan(service.clock.now().getTime());
    } finally {
      receiver.status.code = 200;
      receiver.received.splice(0);
    }
  });

  it('sends nothing when no endpoint subscribes, and refuses what it cannot name', async () => {
    expect((await fire({ type: 'customer.updated' })).body).toMatchObject({ type: 'customer.updated', sendouts: [] });
    const cases: [unknown, number, Record<string, unknown>][] = [
      [{ type: 'customer.exploded' }, 400, { key: 'invalid_payload' }],
      [{ type: 'customer.created', webhook_id: 'wh_nope' }, 404, { key: 'not_found', resource_type: 'webhook' }],
      [{ type: 'customer.created', customer: 'nobody' }, 404, { key: 'not_found', resource_type: 'customer' }],
      [{ type: 'customer.created', card: 'NO-CARD' }, 404, { key: 'not_found', resource_type: 'voucher' }],
      [{ type: 'customer.created', extra: 1 }, 400, { key: 'invalid_payload' }],
    ];
    for (const [body, status, error] of cases) {
      const res = await fire(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body).toMatchObject(error);
    }
    expect((await fire({ type: 'customer.exploded' })).body.details).toMatch(/\.type/);
  });
});

describe('POST /_local/webhooks/fire without LOCAL_CONTROL', () => {
  it('is a 404 like any unknown path', async () => {
    const service = await startTestService('pglite', undefined, undefined, { localControl: 'off' });
    try {
      expect((await service.call('POST', '/_local/webhooks/fire', { body: { type: 'customer.created' } })).status).toBe(404);
    } finally {
      await service.close();
    }
  });
});
