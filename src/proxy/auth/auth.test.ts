import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProxyClient, startTestProxy, testPasswordCost, type TestProxy } from '../../../test/support/proxy';
import { startTestService, type TestService } from '../../../test/support/service';
import { testDatabases } from '../../../test/support/databases';
import { createStaffAccount, resetStaffPassword, setStaffRole } from './staff-accounts';

const json = { 'content-type': 'application/json' };

describe.each(testDatabases())('dashboard sign-in on the proxy (%s)', (kind) => {
  let service: TestService;
  let proxy: TestProxy;
  const fixedClub = () => service.project.ids.campaigns.get('Fixed Club') as string;

  beforeAll(async () => {
    service = await startTestService(kind);
    proxy = await startTestProxy(service);
  });
  afterAll(async () => {
    await proxy.close();
    await service.close();
  });

  const newUser = async (role: 'marketing' | 'support', username: string, password = 'a long enough password') => {
    await createStaffAccount(service.database.db, service.clock, { username, role, password }, testPasswordCost);
    return { username, password };
  };

  it('refuses /api without a session, and the SPA routes need none', async () => {
    const response = await fetch(`${proxy.url}/api/v1/loyalties`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 401, key: 'session_required', request_id: expect.stringMatching(/^p-/) });
    const session = await (await fetch(`${proxy.url}/auth/session`)).json();
    expect(session).toEqual({ authenticated: false, demo_available: false });
  });

  it('signs in with the right password only; the session cookie is HttpOnly, Secure and SameSite=Strict', async () => {
    const { username, password } = await newUser('marketing', 'mia');
    const browser = new ProxyClient(proxy.url);
    for (const [user, pass] of [
      [username, 'wrong password'],
      ['nobody', password],
    ]) {
      const refused = await browser.signIn(user, pass);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ key: 'invalid_credentials', details: 'The username or password is not correct' });
    }
    const response = await browser.signIn('MIA', password);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ authenticated: true, user: { id: expect.stringMatching(/^usr_/), username: 'mia', role: 'marketing' }, demo: false, api_reference_url: null });
    const [sessionCookie, csrfCookie] = response.headers.getSetCookie();
    expect(sessionCookie).toMatch(/^dashboard_session=[\w-]{43}; Path=\/; SameSite=Strict; HttpOnly; Secure; Expires=/);
    expect(csrfCookie).toMatch(/^dashboard_csrf=[\w-]{43}; Path=\/; SameSite=Strict; Secure; Expires=/);
    expect(csrfCookie).not.toContain('HttpOnly');
    expect((await browser.fetch('/api/v1/loyalties')).status).toBe(200);
    expect(await (await browser.fetch('/auth/session')).json()).toMatchObject({ authenticated: true, user: { username: 'mia' } });
  });

  it('names the staff by id for signed-in staff only (GET /auth/staff), with nothing but id, username and role', async () => {
    const refused = await fetch(`${proxy.url}/auth/staff`);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 401, key: 'session_required' });
    await newUser('support', 'sam');
    const browser = await proxy.signedIn('marketing');
    const response = await browser.fetch('/auth/staff');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { users } = (await response.json()) as { users: Record<string, unknown>[] };
    expect(users).toContainEqual({ id: expect.stringMatching(/^usr_/), username: 'sam', role: 'support' });
    for (const user of users) expect(Object.keys(user).sort()).toEqual(['id', 'role', 'username']);
  });

  it('stores neither the session id nor the CSRF token, only their hashes', async () => {
    const browser = await proxy.signedIn('marketing');
    const rows = await service.database.execute<{ id_hash: string; csrf_hash: string }>('SELECT id_hash, csrf_hash FROM staff_sessions');
    const session = browser.cookie('dashboard_session') as string;
    expect(rows.some((r) => r.id_hash === session || r.csrf_hash === browser.cookie('dashboard_csrf'))).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.id_hash))).toBe(true);
  });

  it('needs the CSRF header on state-changing calls, and refuses other origins', async () => {
    const browser = await proxy.signedIn('marketing');
    const enroll = (headers: Record<string, string>, csrf = true) =>
      browser.fetch(`/api/v1/loyalties/${fixedClub()}/members`, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify({ customer: `csrf-${Math.random()}` }), csrf });
    for (const response of [await enroll({}, false), await enroll({ 'x-csrf-token': 'guess' }), await enroll({ origin: 'https://evil.example' })]) {
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: 403, key: 'invalid_csrf_token' });
    }
    expect((await enroll({ origin: proxy.url })).status).toBe(200);
    // A session is needed even with the right CSRF value.
    const anonymous = await fetch(`${proxy.url}/api/v1/oauth/introspect`, { method: 'POST', headers: { 'x-csrf-token': browser.cookie('dashboard_csrf') as string } });
    expect(anonymous.status).toBe(401);
  });

  it('locks an account after 5 failed sign-ins for 15 minutes, then lets the right password in', async () => {
    const { username, password } = await newUser('support', 'locky');
    const browser = new ProxyClient(proxy.url);
    for (let i = 1; i <= 4; i++) expect((await browser.signIn(username, `wrong ${i}`)).status).toBe(401);
    const fifth = await browser.signIn(username, 'wrong 5');
    expect(fifth.status).toBe(423);
    expect(fifth.headers.get('retry-after')).toBe('900');
    expect(await fifth.json()).toMatchObject({ code: 423, key: 'account_locked', details: 'Too many failed sign-ins; try again in 15 minutes' });
    // Locked: even the right password is refused.
    expect((await browser.signIn(username, password)).status).toBe(423);
    service.clock.advance(14 * 60_000);
    const stillLocked = await browser.signIn(username, password);
    expect(stillLocked.status).toBe(423);
    expect(stillLocked.headers.get('retry-after')).toBe('60');
    service.clock.advance(60_000);
    expect((await browser.signIn(username, password)).status).toBe(200);
  });

  it('counts failures in a row: a successful sign-in starts the count again', async () => {
    const { username, password } = await newUser('support', 'resetty');
    const browser = new ProxyClient(proxy.url);
    for (let i = 0; i < 4; i++) expect((await browser.signIn(username, 'nope')).status).toBe(401);
    expect((await browser.signIn(username, password)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await browser.signIn(username, 'nope')).status).toBe(401);
    expect((await browser.signIn(username, password)).status).toBe(200);
  });

  it('parallel wrong guesses cannot slip past the limit', async () => {
    const { username, password } = await newUser('support', 'racer');
    const statuses = await Promise.all(Array.from({ length: 12 }, (_, i) => new ProxyClient(proxy.url).signIn(username, `guess ${i}`).then((r) => r.status)));
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(4);
    expect((await new ProxyClient(proxy.url).signIn(username, password)).status).toBe(423);
  });

  it('signs out (with the CSRF token): the session stops working', async () => {
    const browser = await proxy.signedIn('marketing');
    const stale = browser.cookie('dashboard_session') as string;
    expect((await browser.fetch('/auth/sign-out', { method: 'POST', csrf: false })).status).toBe(403);
    const out = await browser.fetch('/auth/sign-out', { method: 'POST' });
    expect(await out.json()).toEqual({ authenticated: false, demo_available: false });
    expect(browser.cookie('dashboard_session')).toBeUndefined();
    const replay = await fetch(`${proxy.url}/api/v1/loyalties`, { headers: { cookie: `dashboard_session=${stale}` } });
    expect(replay.status).toBe(401);
  });

  it('ends sessions idle for 2 hours, and any session 12 hours after sign-in', async () => {
    const idle = await proxy.signedIn('marketing');
    service.clock.advance(119 * 60_000);
    expect((await idle.fetch('/api/v1/loyalties')).status).toBe(200);
    service.clock.advance(119 * 60_000);
    expect((await idle.fetch('/api/v1/loyalties')).status).toBe(200);
    service.clock.advance(121 * 60_000);
    expect((await idle.fetch('/api/v1/loyalties')).status).toBe(401);

    const busy = await proxy.signedIn('marketing');
    for (let hour = 0; hour < 11; hour++) {
      service.clock.advance(60 * 60_000);
      expect((await busy.fetch('/api/v1/loyalties')).status).toBe(200);
    }
    service.clock.advance(61 * 60_000);
    expect((await busy.fetch('/api/v1/loyalties')).status).toBe(401);
  });

  it('a password reset or a role change ends the user’s sessions', async () => {
    const { username, password } = await newUser('marketing', 'changer');
    const browser = new ProxyClient(proxy.url);
    await browser.signIn(username, password);
    await setStaffRole(service.database.db, service.clock, username, 'support');
    expect((await browser.fetch('/api/v1/loyalties')).status).toBe(401);
    await browser.signIn(username, password);
    expect(await (await browser.fetch('/auth/session')).json()).toMatchObject({ user: { role: 'support' } });
    await resetStaffPassword(service.database.db, service.clock, username, 'another long password', testPasswordCost);
    expect((await browser.fetch('/api/v1/loyalties')).status).toBe(401);
    expect((await browser.signIn(username, password)).status).toBe(401);
  });

  describe('roles', () => {
    let support: ProxyClient;
    let marketing: ProxyClient;
    beforeAll(async () => {
      support = await proxy.signedIn('support');
      marketing = await proxy.signedIn('marketing');
    });
    const form = (client: ProxyClient, path: string, fields: Record<string, string>) =>
      client.fetch(`/api${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
    const post = (client: ProxyClient, path: string, body: unknown) => client.fetch(`/api${path}`, { method: 'POST', headers: json, body: JSON.stringify(body) });

    it('support reads, introspects tokens, fires events and starts exports', async () => {
      expect((await support.fetch('/api/v1/loyalties')).status).toBe(200);
      expect((await support.fetch(`/api/v1/loyalties/${fixedClub()}/members`)).status).toBe(200);
      const token = await (await form(marketing, '/v1/oauth/token', { grant_type: 'client_credentials', scope: 'loyalties' })).json();
      expect(await (await form(support, '/v1/oauth/introspect', { access_token: token.access_token })).json()).toMatchObject({ active: true });
      const event = await post(support, '/v1/events', { event: 'support-visit', customer: { source_id: 'alice' } });
      expect(event.status).not.toBe(403);
      expect(event.status).toBeLessThan(500);
      const exported = await post(support, '/v1/loyalties/members/FIX-BOB/transactions/export', {});
      expect(exported.status).toBe(200);
    });

    it('support may not enroll, create segments, issue or revoke tokens (403), and the service never sees the call', async () => {
      const before = await service.database.execute<{ n: number }>('SELECT count(*)::int AS n FROM publications');
      const refused = [
        await post(support, `/v1/loyalties/${fixedClub()}/members`, { customer: 'support-try' }),
        await post(support, '/v1/segments', { name: 'nope', type: 'static', customers: [] }),
        await form(support, '/v1/oauth/token', { grant_type: 'client_credentials', scope: 'loyalties' }),
        await form(support, '/v1/oauth/token/revoke', { access_token: 'x' }),
      ];
      for (const response of refused) {
        expect(response.status).toBe(403);
        expect(await response.json()).toMatchObject({ code: 403, key: 'forbidden', details: expect.stringMatching(/^The support role may not POST \/v1\//) });
      }
      expect(await service.database.execute('SELECT count(*)::int AS n FROM publications')).toEqual(before);
      expect((await post(marketing, `/v1/loyalties/${fixedClub()}/members`, { customer: 'marketing-enrolls' })).status).toBe(200);
    });

    it('support reads earning rules but may not author them (403, the service never sees it); marketing’s calls reach the service', async () => {
      const rules = `/v1/loyalties/${fixedClub()}/earning-rules`;
      const rule = (await service.database.execute<{ id: string }>('SELECT id FROM earning_rules LIMIT 1'))[0]?.id ?? 'lern_0000';
      expect((await support.fetch(`/api${rules}`)).status).toBe(200);
      const body = [{ event: 'visit', custom_event: { schema_id: 'ms_missing' }, loyalty: { type: 'FIXED', points: 1 } }];
      const put = (client: ProxyClient) => client.fetch(`/api${rules}/${rule}`, { method: 'PUT', headers: json, body: JSON.stringify({ active: false }) });
      const refused = [
        await post(support, rules, body),
        await put(support),
        await support.fetch(`/api${rules}/${rule}`, { method: 'DELETE' }),
        await post(support, `${rules}/${rule}/enable`, {}),
        await post(support, `${rules}/${rule}/disable`, {}),
      ];
      for (const response of refused) {
        expect(response.status).toBe(403);
        expect(await response.json()).toMatchObject({ code: 403, key: 'forbidden', details: expect.stringMatching(/^The support role may not (POST|PUT|DELETE) \/v1\/loyalties\//) });
      }
      const created = await post(marketing, rules, body);
      expect(await created.json()).toMatchObject({ code: 404, key: 'not_found', resource_type: 'event_schema' });
      expect((await post(marketing, `${rules}/lern_0000/disable`, {})).status).toBe(404);
    });

    it('only marketing deletes exports: support gets 403 and the export stays; marketing gets the service’s 204', async () => {
      const exported = await (await post(support, '/v1/loyalties/members/FIX-BOB/transactions/export', {})).json();
      const remove = (client: ProxyClient) => client.fetch(`/api/v1/exports/${exported.id}`, { method: 'DELETE' });
      const refused = await remove(support);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: 403, key: 'forbidden', details: `The support role may not DELETE /v1/exports/${exported.id}` });
      expect((await service.call('GET', `/v1/exports/${exported.id}`)).status).toBe(200);

      const deleted = await remove(marketing);
      expect(deleted.status).toBe(204);
      expect(await deleted.text()).toBe('');
      expect((await service.call('GET', `/v1/exports/${exported.id}`)).status).toBe(404);
      const again = await remove(marketing);
      expect(again.status).toBe(404);
      expect(await again.json()).toMatchObject({ code: 404, key: 'not_found', resource_type: 'export' });
    });

    it('an export started from the dashboard carries channel WEBSITE and the user’s id; API clients cannot claim one', async () => {
      const me = await (await marketing.fetch('/auth/session')).json();
      const viaDashboard = await (await post(marketing, '/v1/loyalties/members/FIX-BOB/transactions/export', {})).json();
      expect(viaDashboard).toMatchObject({ channel: 'WEBSITE', user_id: me.user.id });

      const direct = await service.call('POST', '/v1/loyalties/members/FIX-BOB/transactions/export', { body: {} });
      expect(direct.body).toMatchObject({ channel: 'API', user_id: null });
      const forged = await service.call('POST', '/v1/loyalties/members/FIX-BOB/transactions/export', {
        body: {},
        headers: { 'x-dashboard-user': `${me.user.id}.${Math.floor(service.clock.now().getTime() / 1000)}.AAAA` },
      });
      expect(forged.body).toMatchObject({ channel: 'API', user_id: null });
    });
  });

  it('sends the security headers on every response', async () => {
    for (const response of [await fetch(`${proxy.url}/auth/session`), await fetch(`${proxy.url}/api/v1/loyalties`)]) {
      const csp = response.headers.get('content-security-policy') as string;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("connect-src 'self'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  describe('demo mode', () => {
    let demo: TestProxy;
    beforeAll(async () => {
      demo = await startTestProxy(service, { demoUser: 'demo' });
    });
    afterAll(() => demo.close());

    it('signs a first visitor in as the demo marketing user; sign-out sticks until asked again', async () => {
      const browser = new ProxyClient(demo.url);
      const session = await (await browser.fetch('/auth/session')).json();
      expect(session).toEqual({ authenticated: true, user: { id: expect.any(String), username: 'demo', role: 'marketing' }, demo: true, api_reference_url: null });
      expect((await browser.fetch('/api/v1/loyalties')).status).toBe(200);

      await browser.fetch('/auth/sign-out', { method: 'POST' });
      expect(await (await browser.fetch('/auth/session')).json()).toEqual({ authenticated: false, demo_available: true });
      const again = await browser.fetch('/auth/demo-sign-in', { method: 'POST', headers: json, body: '{}' });
      expect(await again.json()).toMatchObject({ authenticated: true, demo: true });
      expect((await browser.fetch('/api/v1/loyalties')).status).toBe(200);
    });

    it('the demo user has no password, and demo sign-in is off elsewhere', async () => {
      expect((await new ProxyClient(demo.url).signIn('demo', '')).status).toBe(400);
      expect((await new ProxyClient(demo.url).signIn('demo', 'anything at all')).status).toBe(401);
      const off = await fetch(`${proxy.url}/auth/demo-sign-in`, { method: 'POST', headers: json, body: '{}' });
      expect(off.status).toBe(404);
    });
  });

  it('answers a request Node refuses (headers over 16 KiB) with the error object too', async () => {
    const response = await fetch(`${proxy.url}/api/v1/loyalties`, { headers: { 'x-padding': 'x'.repeat(20_000) } });
    expect(response.status).toBe(431);
    expect(await response.json()).toMatchObject({ code: 431, key: 'request_header_fields_too_large', request_id: expect.stringMatching(/^p-/) });
  });

  it('answers bad sign-in bodies with error objects', async () => {
    const cases: [RequestInit, number, string][] = [
      [{ method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' }, 415, 'unsupported_media_type'],
      [{ method: 'POST', headers: json, body: '{nope' }, 400, 'invalid_json'],
      [{ method: 'POST', headers: json, body: JSON.stringify({ username: 'a' }) }, 400, 'invalid_payload'],
      [{ method: 'POST', headers: json, body: JSON.stringify({ username: 'a', password: 'x'.repeat(2000) }) }, 400, 'invalid_payload'],
      [{ method: 'POST', headers: { ...json, origin: 'https://evil.example' }, body: '{}' }, 403, 'forbidden'],
    ];
    for (const [init, status, key] of cases) {
      const response = await fetch(`${proxy.url}/auth/sign-in`, init);
      expect(response.status).toBe(status);
      expect(await response.json()).toMatchObject({ code: status, key });
    }
  });
});
