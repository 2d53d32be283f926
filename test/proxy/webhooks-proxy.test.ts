import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestProxy, type ProxyClient, type TestProxy } from '../support/proxy';
import { startReceiver } from '../support/webhook-receiver';
import { startTestService, type TestService } from '../support/service';
import { createManagementKey } from '../../src/server/services/management-keys';
import { WebhookWorker } from '../../src/server/services/webhook-worker';

/**
 * Settings → Webhooks through the proxy (issue 29): marketing reaches the Management API of the
 * proxy's own project (`current`) with the proxy's management key pair; support is refused every
 * call, reads included; no key of the proxy ever reaches the browser.
 */
describe('dashboard proxy: webhooks (Management API)', () => {
  let service: TestService;
  let proxy: TestProxy;
  let unconfigured: TestProxy;
  let management: { projectId: string; id: string; token: string };
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const json = { 'content-type': 'application/json' };
  const hooks = '/api/management/v1/projects/current/webhooks';

  beforeAll(async () => {
    service = await startTestService('pglite', undefined, undefined, { webhookPrivateTargets: 'allow' });
    const { key, secret } = await createManagementKey({ db: service.ctx.db, clock: service.clock }, service.project.projectId, 'dashboard');
    management = { projectId: service.project.projectId, id: key.id, token: secret };
    proxy = await startTestProxy(service, { management });
    unconfigured = await startTestProxy(service);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await unconfigured.close();
    await proxy.close();
    await service.close();
  });

  /** Everything the browser got: status, headers and body as text, to search for keys. */
  async function seen(response: Response): Promise<string> {
    return `${response.status} ${JSON.stringify([...response.headers])} ${await response.clone().text()}`;
  }

  function expectNoKeys(text: string) {
    const [key] = service.project.keys;
    for (const secret of [management.token, management.id, key.appToken, key.appId]) expect(text).not.toContain(secret);
  }

  async function create(client: ProxyClient) {
    return client.fetch(hooks, { method: 'POST', headers: json, body: JSON.stringify({ target_url: receiver.url, events: ['customer.custom_event'], headers: { 'X-Team': 'loyalty' } }) });
  }

  it('lets marketing create, list, test, read the log of, send again, rotate and delete an endpoint, without a key reaching the browser', async () => {
    const client = await proxy.signedIn('marketing');
    const worker = new WebhookWorker(service.ctx);
    const created = await create(client);
    expect(created.status).toBe(200);
    expectNoKeys(await seen(created));
    const endpoint = (await created.json()) as { id: string; secret: string };
    // The signing secret of the endpoint is the one secret the page shows, once.
    expect(endpoint.secret).toMatch(/^[\w-]{43}$/);

    const list = await client.fetch(hooks);
    expect(list.status).toBe(200);
    const listed = await seen(list);
    expectNoKeys(listed);
    expect(listed).not.toContain(endpoint.secret);
    expect(((await list.json()) as { data: { id: string }[] }).data.map((w) => w.id)).toEqual([endpoint.id]);

    const test = await client.fetch(`${hooks}/${endpoint.id}/test`, { method: 'POST' });
    expect(test.status).toBe(200);
    const sendout = (await test.json()) as { id: string };
    await worker.runUntilCaughtUp();
    expect(receiver.received.map((r) => r.json.type)).toEqual(['webhook.test']);
    // Sent from the dashboard: the envelope names the staff user, as card changes made there do.
    expect(receiver.received[0].json.event.event_source).toMatchObject({ channel: 'USER_PORTAL', user: { id: expect.any(String) } });

    const log = await client.fetch(`${hooks}/${endpoint.id}/sendouts?limit=10&page=1`);
    expect(log.status).toBe(200);
    expect(((await log.json()) as { data: unknown[] }).data).toEqual([expect.objectContaining({ sendout_id: sendout.id, status_code: 200, status: 'DELIVERED' })]);
    expect((await client.fetch(`${hooks}/${endpoint.id}/sendouts/${sendout.id}/send`, { method: 'POST' })).status).toBe(200);
    await worker.runUntilCaughtUp();
    expect(receiver.received).toHaveLength(2);

    const updated = await client.fetch(`${hooks}/${endpoint.id}`, { method: 'PUT', headers: json, body: JSON.stringify({ target_url: receiver.url, events: ['customer.order.paid'], active: false }) });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ events: ['customer.order.paid'], active: false });
    const rotated = await client.fetch(`${hooks}/${endpoint.id}/secret`, { method: 'POST' });
    expect(rotated.status).toBe(200);
    expectNoKeys(await seen(rotated));
    expect(((await rotated.json()) as { secret: string }).secret).not.toBe(endpoint.secret);
    expect((await client.fetch(`${hooks}/${endpoint.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await client.fetch(`${hooks}/${endpoint.id}`)).status).toBe(404);
  });

  it('refuses a support agent every webhook call, reads included, and writes nothing', async () => {
    const marketing = await proxy.signedIn('marketing');
    const endpoint = (await (await create(marketing)).json()) as { id: string };
    const support = await proxy.signedIn('support');
    const calls: [string, string][] = [
      ['GET', hooks],
      ['POST', hooks],
      ['GET', `${hooks}/${endpoint.id}`],
      ['PUT', `${hooks}/${endpoint.id}`],
      ['DELETE', `${hooks}/${endpoint.id}`],
      ['POST', `${hooks}/${endpoint.id}/secret`],
      ['POST', `${hooks}/${endpoint.id}/test`],
      ['GET', `${hooks}/${endpoint.id}/sendouts`],
      ['POST', `${hooks}/${endpoint.id}/sendouts/whs_x/send`],
    ];
    for (const [method, path] of calls) {
      const body = method === 'POST' || method === 'PUT' ? JSON.stringify({ target_url: receiver.url, events: [] }) : undefined;
      const response = await support.fetch(path, { method, headers: body ? json : {}, body });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(await response.json()).toMatchObject({ code: 403, key: 'forbidden' });
    }
    const after = (await (await marketing.fetch(hooks)).json()) as { data: { id: string; events: string[] }[] };
    expect(after.data).toEqual([expect.objectContaining({ id: endpoint.id, events: ['customer.custom_event'] })]);
    await marketing.fetch(`${hooks}/${endpoint.id}`, { method: 'DELETE' });
  });

  it('lets the browser name no project and bring no key of its own', async () => {
    const client = await proxy.signedIn('marketing');
    const named = await client.fetch(`/api/management/v1/projects/${management.projectId}/webhooks`);
    expect(named.status).toBe(404);
    expect(await named.json()).toMatchObject({ key: 'not_found' });
    // A browser's own management headers are dropped: the proxy's pair is the one used.
    const bogus = await client.fetch(hooks, { headers: { 'x-management-id': 'mk_forged', 'x-management-token': 'forged' } });
    expect(bogus.status).toBe(200);
  });

  it('says the proxy is not set up when it holds no management key pair', async () => {
    const client = await unconfigured.signedIn('marketing');
    const response = await client.fetch(hooks);
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: 502, key: 'proxy_not_configured', details: expect.stringContaining('PROXY_MANAGEMENT_ID') });
    // The API itself still works through the same proxy.
    expect((await client.fetch('/api/v1/loyalties')).status).toBe(200);
  });
});
