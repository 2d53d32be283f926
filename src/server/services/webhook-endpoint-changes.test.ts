import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../test/support/databases';
import type { TestService } from '../../../test/support/service';
import { startReceiver, startWebhookTestService } from '../../../test/support/webhook-receiver';
import { cardTransactionEvents, producedWebhookEvents } from '../domain/webhook-events';
import { dispatchWebhookEvents, type DispatchedSendouts } from './webhook-dispatch';
import { deliverDueBatch, sendDispatched, webhookSignature } from './webhook-delivery';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What a worker leased to itself and holds in memory (a resting worker may hold it for seconds)
 * goes to the endpoint as it is when sent: none to an endpoint deleted meanwhile, none while it is
 * inactive (they wait in the table), and a deletion in the middle of a long queue stops it.
 */
describe.each(testDatabases())('Sendouts held in memory while their endpoint changes (%s)', (kind) => {
  let service: TestService;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let management: Record<string, string>;
  let cardId: string;
  let campaignId: string;
  let n = 0;
  const hooks = () => `/management/v1/projects/${service.project.projectId}/webhooks`;
  const manage = (method: string, path: string, body?: unknown) => service.call(method, path, { body, headers: management, auth: false });

  /** `count` point additions on one card, committed: each reports three events (cardTransactionEvents). */
  const addPoints = async (count: number) => {
    for (let i = 0; i < count; i++) {
      await service.database.execute(
        `INSERT INTO card_transactions (id, project_id, voucher_id, campaign_id, type, amount, balance, details, created_at) VALUES ($1, $2, $3, $4, 'POINTS_ADDITION', 5, 0, '{}'::jsonb, $5::timestamptz)`,
        [`vtx_change${String(++n).padStart(6, '0')}`, service.project.projectId, cardId, campaignId, service.clock.now().toISOString()],
      );
    }
  };
  /**
   * Dispatch passes until `expected` sendouts are leased to this process: a transaction open
   * elsewhere on the cluster (a test file running beside this one) holds the horizon, and a pass
   * takes only what lies below it.
   */
  const dispatch = async (expected: number) => {
    const passes: DispatchedSendouts[] = [];
    const deadline = Date.now() + 15_000;
    while (passes.reduce((sum, pass) => sum + pass.leases.length, 0) < expected) {
      if (Date.now() > deadline) throw new Error('not everything dispatched');
      const run = await dispatchWebhookEvents(service.ctx, 5_000);
      if (run.leased) passes.push(run.leased);
      else await sleep(20);
    }
    return { passes, leases: passes.flatMap((pass) => pass.leases) };
  };
  /** Sends the passes' held sendouts, as the worker does: pass by pass, from memory. */
  const send = async ({ passes }: { passes: DispatchedSendouts[] }) => {
    for (const pass of passes) await sendDispatched(service.ctx, pass.leases, pass.token, pass.leasedUntil);
  };
  const subscribe = async () => {
    const created = await manage('POST', hooks(), { target_url: receiver.url, events: producedWebhookEvents });
    expect(created.status).toBe(200);
    return created.body.id as string;
  };
  const pending = async () => (await service.database.execute<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_sendouts WHERE status = 'PENDING'`))[0].n;

  beforeAll(async () => {
    ({ service, card: { id: cardId, campaignId }, management } = await startWebhookTestService(kind));
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await service.close();
  });
  beforeEach(async () => {
    const { body } = await manage('GET', hooks());
    for (const webhook of body.data as { id: string }[]) await manage('DELETE', `${hooks()}/${webhook.id}`);
    receiver.received.length = 0;
  });

  it('sends nothing to an endpoint deleted after its sendouts were leased', async () => {
    const id = await subscribe();
    await addPoints(3);
    const leased = await dispatch(9);
    expect(leased.leases).toHaveLength(9);
    expect((await manage('DELETE', `${hooks()}/${id}`)).status).toBe(204);
    await send(leased);
    expect(receiver.received).toHaveLength(0);
  });

  it('keeps an inactive endpoint’s sendouts in the table, and sends them once it is active again, to its new URL', async () => {
    const id = await subscribe();
    await addPoints(2);
    const leased = await dispatch(6);
    expect((await manage('PUT', `${hooks()}/${id}`, { target_url: `${receiver.url}?moved=1`, events: producedWebhookEvents, active: false })).status).toBe(200);
    await send(leased);
    expect(receiver.received).toHaveLength(0);
    // Released, not lost: due again at once, however long the lease would have held them.
    expect(await pending()).toBe(6);
    expect(await deliverDueBatch(service.ctx)).toBe(0);
    expect((await manage('PUT', `${hooks()}/${id}`, { target_url: `${receiver.url}?moved=1`, events: producedWebhookEvents, active: true })).status).toBe(200);
    expect(await deliverDueBatch(service.ctx)).toBe(6);
    expect(receiver.received.map((r) => r.json.type)).toEqual([...cardTransactionEvents.POINTS_ADDITION, ...cardTransactionEvents.POINTS_ADDITION]);
    expect(receiver.received.every((r) => r.path === '/hooks?moved=1')).toBe(true);
    expect(await pending()).toBe(0);
  });

  it('sends the held sendouts signed with the endpoint’s rotated secret, with its new headers', async () => {
    const id = await subscribe();
    await addPoints(1);
    const leased = await dispatch(3);
    expect((await manage('PUT', `${hooks()}/${id}`, { target_url: receiver.url, events: producedWebhookEvents, headers: { 'x-after': 'changed' } })).status).toBe(200);
    const rotated = await manage('POST', `${hooks()}/${id}/secret`);
    expect(rotated.status).toBe(200);
    await send(leased);
    expect(receiver.received).toHaveLength(3);
    for (const { headers, body } of receiver.received) {
      expect(headers['x-after']).toBe('changed');
      expect(headers['x-voucherify-signature']).toBe(webhookSignature(body, rotated.body.secret as string));
    }
  });

  it('stops a long queue soon after its endpoint is deleted mid-way', { timeout: 60_000 }, async () => {
    const id = await subscribe();
    await addPoints(200);
    const leased = await dispatch(600);
    expect(leased.leases).toHaveLength(600);
    const sending = send(leased);
    while (receiver.received.length === 0) await sleep(1);
    expect((await manage('DELETE', `${hooks()}/${id}`)).status).toBe(204);
    const atDeletion = receiver.received.length;
    await sending;
    // At most the recording under way and the one after it (100 outcomes each), and what was pipelined.
    expect(receiver.received.length - atDeletion).toBeLessThanOrEqual(2 * 100 + 8);
    expect(receiver.received.length).toBeLessThan(600);
  });
});
