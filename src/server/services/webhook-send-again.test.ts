import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../test/support/databases';
import { earningFixture } from '../../../test/support/earning-fixture';
import { startTestService, type TestService } from '../../../test/support/service';
import { createManagementKey } from './management-keys';
import { WebhookWorker } from './webhook-worker';

/** "Send again", redirects (never followed) and private targets refused when sending, not only when configured. */
describe.each(testDatabases())('Webhook sendouts: send again, redirects, private targets (%s)', (kind) => {
  let service: TestService;
  let worker: WebhookWorker;
  let server: Server;
  let base: string;
  let headers: Record<string, string>;
  const answers: { status: number; location?: string }[] = [];
  const hits: string[] = [];
  const hooks = () => `/management/v1/projects/${service.project.projectId}/webhooks`;
  const manage = (method: string, path: string, body?: unknown) => service.call(method, path, { body, headers, auth: false });
  const track = () => service.call('POST', '/v1/events', { body: { event: 'app_review', customer: { source_id: 'alice' }, metadata: { rating: 3 } } });

  beforeAll(async () => {
    service = await startTestService(kind, earningFixture(), undefined, { webhookPrivateTargets: 'allow' });
    worker = new WebhookWorker(service.ctx);
    server = createServer((request, response) => {
      hits.push(request.url ?? '');
      request.resume();
      const answer = answers.shift() ?? { status: 200 };
      response.writeHead(answer.status, answer.location ? { location: answer.location } : {}).end('answer');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { key, secret } = await createManagementKey({ db: service.ctx.db, clock: service.clock }, service.project.projectId, 'hooks');
    headers = { 'X-Management-Id': key.id, 'X-Management-Token': secret };
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await service.close();
  });

  it('does not follow a redirect: the 302 is a failure, logged; "send again" sends the same envelope at once', async () => {
    const created = await manage('POST', hooks(), { target_url: `${base}/hook`, events: ['customer.custom_event'] });
    answers.push({ status: 302, location: `${base}/elsewhere` });
    service.clock.advance(1000);
    await track();
    await worker.runUntilCaughtUp();
    expect(hits).toEqual(['/hook']);
    const log = await manage('GET', `${hooks()}/${created.body.id}/sendouts`);
    expect(log.body.data).toEqual([expect.objectContaining({ attempt: 1, status_code: 302, status: 'PENDING', error: 'Answered 302', response: 'answer' })]);

    const again = await manage('POST', `${hooks()}/${created.body.id}/sendouts/${log.body.data[0].sendout_id}/send`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: log.body.data[0].sendout_id, status: 'PENDING', attempts: 1, object: 'webhook_sendout' });
    await worker.runOnce();
    expect(hits).toEqual(['/hook', '/hook']);
    const after = await manage('GET', `${hooks()}/${created.body.id}/sendouts`);
    expect(after.body.data[0]).toMatchObject({ attempt: 2, status_code: 200, status: 'DELIVERED' });
    expect(after.body.total).toBe(2);
    expect((await manage('POST', `${hooks()}/${created.body.id}/sendouts/whs_nope/send`)).body).toMatchObject({ code: 404, key: 'not_found', resource_type: 'webhook_sendout' });
    await manage('DELETE', `${hooks()}/${created.body.id}`);
  });

  it('refuses to send to a private address once WEBHOOK_PRIVATE_TARGETS refuses them, and logs why', async () => {
    const created = await manage('POST', hooks(), { target_url: `${base}/private`, events: ['customer.custom_event'] });
    service.ctx.config.webhookPrivateTargets = 'refuse';
    try {
      service.clock.advance(1000);
      await track();
      await worker.runUntilCaughtUp();
    } finally {
      service.ctx.config.webhookPrivateTargets = 'allow';
    }
    expect(hits).not.toContain('/private');
    const log = await manage('GET', `${hooks()}/${created.body.id}/sendouts`);
    expect(log.body.data[0]).toMatchObject({ attempt: 1, status_code: null, status: 'PENDING' });
    expect(log.body.data[0].error).toContain('127.0.0.1 is a loopback address: refused (WEBHOOK_PRIVATE_TARGETS)');
  });
});
