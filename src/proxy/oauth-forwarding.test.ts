import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestProxy, type ProxyClient, type TestProxy } from '../../test/support/proxy';
import { startTestService, type TestService } from '../../test/support/service';

/** The Tokens page's three calls go through the proxy with form-encoded bodies, unchanged. */
describe('dashboard proxy: OAuth operations', () => {
  let service: TestService;
  let proxy: TestProxy;
  let browser: ProxyClient;
  const form = (path: string, fields: Record<string, string>) =>
    browser.fetch(`/api${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });

  beforeAll(async () => {
    service = await startTestService('pglite');
    proxy = await startTestProxy(service);
    browser = await proxy.signedIn('marketing');
  });
  afterAll(async () => {
    await proxy.close();
    await service.close();
  });

  it('issues, introspects and revokes a token with the proxy’s key', async () => {
    const issued = await form('/v1/oauth/token', { grant_type: 'client_credentials', scope: 'loyalties publications' });
    expect(issued.status).toBe(200);
    const token = await issued.json();
    expect(token).toMatchObject({ client_id: expect.stringMatching(/^[0-9A-Za-z]{21}$/), scope: 'loyalties publications', expires_in: 900 });

    // Nothing of the key pair reaches the browser, not even the X-App-Id.
    expect(JSON.stringify(token)).not.toContain(service.project.keys[0].appId);

    const live = await form('/v1/oauth/introspect', { access_token: token.access_token });
    expect(await live.json()).toMatchObject({ active: true, scope: 'loyalties publications' });

    const revoked = await form('/v1/oauth/token/revoke', { access_token: token.access_token });
    expect(revoked.status).toBe(204);
    expect(await revoked.text()).toBe('');
    expect(await (await form('/v1/oauth/introspect', { access_token: token.access_token })).json()).toEqual({ active: false });

    const again = await form('/v1/oauth/token/revoke', { access_token: token.access_token });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ code: 404, key: 'not_found' });
  });

  it('passes OAuth errors back as the error object', async () => {
    const res = await form('/v1/oauth/token', { grant_type: 'client_credentials', scope: 'vouchers,campaigns' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 400, key: 'invalid_scope', message: 'Invalid scope: vouchers,campaigns' });
  });
});
