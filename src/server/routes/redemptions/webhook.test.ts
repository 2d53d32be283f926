import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { webhookPayloadErrorsBeyondExample } from '../../../../test/support/openapi';
import { startTestService, type TestService } from '../../../../test/support/service';
import { spendFixture } from '../../../../test/support/spend-fixture';
import { startReceiver, subscribeEndpoint } from '../../../../test/support/webhook-receiver';
import { WebhookWorker } from '../../services/webhook-worker';

/** A rollback reaches webhook endpoints from its card's refund: points added, and the rollback itself. */
describe.each(testDatabases())('Webhooks of a redemption rollback (%s)', (kind) => {
  let service: TestService;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let worker: WebhookWorker;

  beforeAll(async () => {
    service = await startTestService(kind, spendFixture(), undefined, { webhookPrivateTargets: 'allow' });
    receiver = await startReceiver();
    worker = new WebhookWorker(service.ctx);
    const created = await subscribeEndpoint(service, receiver.url, ['customer.voucher.loyalty_card.points_added', 'customer.redemption.rollback.succeeded']);
    expect(created.status).toBe(200);
  });
  afterAll(async () => {
    await worker.stop();
    await receiver.close();
    await service.close();
  });

  it('reports customer.redemption.rollback.succeeded with the redemption and its rollback', async () => {
    service.clock.advance(1000);
    const redeemed = await service.call('POST', '/v1/loyalties/members/FIX-BOB/redemption', { body: { reward: { id: service.project.ids.rewards.get('Mug') } } });
    expect(redeemed.status).toBe(200);
    service.clock.advance(1000);
    const rolledBack = await service.call('POST', `/v1/redemptions/${redeemed.body.id}/rollback?reason=Wrong%20mug`);
    expect(rolledBack.status).toBe(200);
    await worker.runUntilCaughtUp();
    expect(receiver.received.map((r) => r.json.type)).toEqual(['customer.voucher.loyalty_card.points_added', 'customer.redemption.rollback.succeeded']);
    const event = receiver.received[1].json;
    expect(event.data).toMatchObject({
      customer: { source_id: 'bob' },
      voucher: { code: 'FIX-BOB' },
      redemption: { id: redeemed.body.id, amount: 300, status: 'ROLLED BACK' },
      redemption_rollback: { id: rolledBack.body.id, redemption: redeemed.body.id, amount: -300, reason: 'Wrong mug', result: 'SUCCESS' },
    });
    // The example's discount voucher and its order break the schema; nothing beyond what it breaks may fail.
    expect(webhookPayloadErrorsBeyondExample(event.type, event.data)).toEqual([]);
  });
});
