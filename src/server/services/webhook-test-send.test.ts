import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookSendoutSchema } from '../../contract/webhook';
import { testDatabases } from '../../../test/support/databases';
import { startReceiver } from '../../../test/support/webhook-receiver';
import { startTestService, type TestService } from '../../../test/support/service';
import { createManagementKey } from './management-keys';
import { webhookSignature } from './webhook-delivery';
import { WebhookWorker } from './webhook-worker';

/** "Send test webhook" (an extension): one signed sendout to that endpoint alone, logged, and sent again on demand. */
describe.each(testDatabases())('Webhooks: send a test webhook (%s)', (kind) => {
  let service: TestService;
  let worker: WebhookWorker;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let headers: Record<string, string>;
  const hooks = () => `/management/v1/projects/${service.project.projectId}/webhooks`;
  const manage = (method: string, path: string, body?: unknown) => service.call(method, path, { body, headers, auth: false });

  beforeAll(async () => {
    service = await startTestService(kind, undefined, undefined, { webhookPrivateTargets: 'allow' });
    worker = new WebhookWorker(service.ctx);
    receiver = await startReceiver();
    const { key, secret } = await createManagementKey({ db: service.ctx.db, clock: service.clock }, service.project.projectId, 'hooks');
    headers = { 'X-Management-Id': key.id, 'X-Management-Token': secret };
  });
  afterAll(async () => {
    await receiver.close();
    await service.close();
  });

  it('sends a signed webhook.test envelope to that endpoint alone, logs it, and sends the same one again', async () => {
    const created = await manage('POST', hooks(), { target_url: receiver.url, events: ['customer.custom_event'], headers: { 'X-Team': 'loyalty' } });
    const other = await manage('POST', hooks(), { target_url: `${receiver.url}/other`, events: ['customer.custom_event'] });
    const id = created.body.id as string;

    const sent = await manage('POST', `${hooks()}/${id}/test`);
    expect(sent.status).toBe(200);
    expect(webhookSendoutSchema.parse(sent.body)).toMatchObject({ event_type: 'webhook.test', status: 'PENDING', attempts: 0 });
    await worker.runUntilCaughtUp();

    expect(receiver.received).toHaveLength(1);
    const [first] = receiver.received;
    expect(first.headers['x-voucherify-signature']).toBe(webhookSignature(first.body, created.body.secret as string));
    expect(first.headers['x-team']).toBe('loyalty');
    expect(first.json).toMatchObject({
      id: sent.body.id,
      project_id: service.project.projectId,
      type: 'webhook.test',
      data: { object: 'webhook_test' },
      source: { id, object: 'webhook', target_url: receiver.url },
      event: { id: sent.body.event_id, type: 'webhook.test', entity_id: id, event_source: { channel: 'API' } },
    });

    const log = await manage('GET', `${hooks()}/${id}/sendouts`);
    expect(log.body.data).toEqual([expect.objectContaining({ sendout_id: sent.body.id, event_type: 'webhook.test', attempt: 1, status_code: 200, status: 'DELIVERED', response: 'ok' })]);
    expect((await manage('GET', `${hooks()}/${other.body.id}/sendouts`)).body.total).toBe(0);

    await manage('POST', `${hooks()}/${id}/sendouts/${sent.body.id}/send`);
    await worker.runUntilCaughtUp();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1].body).toBe(first.body);

    // Deleting the endpoint deletes its sendouts and their log (no foreign keys cascade it), and no other's.
    await manage('POST', `${hooks()}/${other.body.id}/test`);
    expect((await manage('DELETE', `${hooks()}/${id}`)).status).toBe(204);
    const left = await service.database.execute<{ webhook_id: string; attempts: number }>(
      'SELECT s.webhook_id, (SELECT count(*)::int FROM webhook_attempts a WHERE a.webhook_id = s.webhook_id) AS attempts FROM webhook_sendouts s ORDER BY s.seq',
    );
    expect(left).toEqual([{ webhook_id: other.body.id, attempts: 0 }]);
    expect(await service.database.execute('SELECT 1 FROM webhook_attempts WHERE webhook_id = $1', [id])).toEqual([]);
    await worker.runUntilCaughtUp();
  });

  it('answers an unknown endpoint or another project with the error object, sending nothing', async () => {
    const before = receiver.received.length;
    expect((await manage('POST', `${hooks()}/wh_nope/test`)).body).toMatchObject({ code: 404, key: 'not_found', resource_type: 'webhook', resource_id: 'wh_nope' });
    expect((await manage('POST', '/management/v1/projects/proj_other/webhooks/wh_nope/test')).body).toMatchObject({ code: 404, key: 'not_found', resource_type: 'project' });
    expect((await service.call('POST', `${hooks()}/wh_nope/test`, { auth: false })).body).toMatchObject({ code: 401, key: 'unauthorized' });
    await worker.runUntilCaughtUp();
    expect(receiver.received.length).toBe(before);
  });
});
