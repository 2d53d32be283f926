import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestProxy, type ProxyClient, type TestProxy } from '../../test/support/proxy';
import { startTestService, type TestService } from '../../test/support/service';
import { resolveUpstream } from './config';

describe('dashboard proxy', () => {
  let service: TestService;
  let proxy: TestProxy;
  let browser: ProxyClient;

  beforeAll(async () => {
    service = await startTestService('pglite');
    proxy = await startTestProxy(service);
    browser = await proxy.signedIn('marketing');
  });
  afterAll(async () => {
    await proxy.close();
    await service.close();
  });

  it('forwards allowed calls with the server-side keys, ignoring credentials the browser sends', async () => {
    const response = await browser.fetch(`/api/v1/loyalties`, { headers: { 'X-App-Id': 'browser-id', 'X-App-Token': 'browser-token', Authorization: 'Bearer stolen' } });
    expect(response.status).toBe(200);
    expect((await response.json()).total).toBe(2);
    expect(response.headers.get('x-request-id')).toMatch(/^v-/);
  });

  it('forwards JSON bodies and passes API errors back unchanged', async () => {
    const campaign = service.project.ids.campaigns.get('Fixed Club');
    const response = await browser.fetch(`/api/v1/loyalties/${campaign}/members`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ customer: 'via-proxy', voucher: 'FIX-BOB' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 400, key: 'voucher_already_published' });
  });

  it('answers calls the dashboard does not make with a 404 error object', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/vouchers'],
      ['DELETE', '/api/v1/loyalties'],
      ['GET', '/api/v1/loyalties/x/members/y/z'],
    ]) {
      const response = await browser.fetch(path, { method });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 404, key: 'not_found' });
    }
  });

  it('lets both roles use the member page: find, read, adjust points and redeem through the service', async () => {
    const support = await proxy.signedIn('support');
    const fixed = service.project.ids.campaigns.get('Fixed Club');
    const json = { 'content-type': 'application/json' };
    const found = await support.fetch('/api/v1/loyalties/members?q=bob%40example');
    expect(found.status).toBe(200);
    expect((await found.json()).members[0]).toMatchObject({ code: 'FIX-BOB', holder: { email: 'bob@example.com' } });
    const bob = service.project.ids.customers.get('bob');
    expect((await support.fetch(`/api/v1/customers/${bob}/segments`)).status).toBe(200);
    expect((await support.fetch(`/api/v1/loyalties/${fixed}/members/FIX-BOB/points-expiration`)).status).toBe(200);
    expect((await support.fetch('/api/v1/loyalties/members/FIX-BOB/activity')).status).toBe(200);
    expect((await support.fetch('/api/v1/loyalties/members/FIX-BOB/rewards?affordable_only=true')).status).toBe(200);
    for (const client of [support, browser]) {
      const added = await client.fetch(`/api/v1/loyalties/${fixed}/members/FIX-BOB/balance`, { method: 'POST', headers: json, body: JSON.stringify({ points: 5, reason: 'goodwill' }) });
      expect(added.status).toBe(200);
    }
    expect((await (await support.fetch('/api/v1/loyalties/members/FIX-BOB')).json()).loyalty_card.balance).toBe(10);
    // No reward named: the service, not the proxy, refuses it (the call was allowed through).
    const redeemed = await support.fetch(`/api/v1/loyalties/${fixed}/members/FIX-BOB/redemption`, { method: 'POST', headers: json, body: '{}' });
    expect(redeemed.status).toBe(400);
    expect(await redeemed.json()).toMatchObject({ key: 'missing_reward' });
  });

  it('answers 502 in the error-object shape when the upstream is unreachable', async () => {
    const dead = await startTestProxy(service, { upstream: new URL('http://127.0.0.1:9'), upstreamIsLocal: false, appId: 'a', appToken: 'b' });
    const response = await (await dead.signedIn('marketing')).fetch('/api/v1/loyalties');
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: 502, key: 'upstream_unreachable' });
    await dead.close();
  });

  it('resolves the cloud clusters and full URLs as upstreams', () => {
    expect(resolveUpstream('api', 3100).origin).toBe('https://api.voucherify.io');
    expect(resolveUpstream('us1.api', 3100).origin).toBe('https://us1.api.voucherify.io');
    expect(resolveUpstream('as1.api', 3100).origin).toBe('https://as1.api.voucherify.io');
    expect(resolveUpstream('local', 4100).origin).toBe('http://127.0.0.1:4100');
    expect(resolveUpstream('https://example.test:8443', 1).origin).toBe('https://example.test:8443');
    expect(() => resolveUpstream('nonsense', 1)).toThrow(/UPSTREAM/);
  });
});
