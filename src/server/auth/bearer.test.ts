import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthScopeNames } from '../../contract/oauth';
import { testDatabases } from '../../../test/support/databases';
import { baseFixture } from '../../../test/support/fixtures';
import { formPost, issueTokenOver, keyHeadersOf, withBearer } from '../../../test/support/oauth';
import { startTestService, type TestService } from '../../../test/support/service';
import type { ServiceContext } from '../context';
import { scopesOpening } from '../domain/scopes';
import { routeAreas } from '../routes';
import { loadFixture } from '../seed/load-fixture';
import { blockApiKey, createApiKey, deleteApiKey, regenerateApiKey, setApiKeyIpAllowlist, unblockApiKey } from '../services/api-keys';

/** Every route the areas register that takes key pair or bearer (not public, not key-only, no constraint). */
async function bearerRoutes(ctx: ServiceContext): Promise<{ method: string; url: string }[]> {
  const probe = Fastify();
  probe.setValidatorCompiler(validatorCompiler);
  probe.setSerializerCompiler(serializerCompiler);
  probe.decorate('ctx', ctx);
  const found: { method: string; url: string }[] = [];
  probe.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    if ((route.config?.auth ?? 'any') !== 'any' || route.constraints) return;
    for (const method of methods) found.push({ method, url: route.url });
  });
  for (const area of routeAreas) await probe.register(area);
  await probe.ready();
  await probe.close();
  return found;
}

describe.each(testDatabases())('Bearer authentication (%s)', (kind) => {
  let service: TestService;
  const auto = () => service.project.ids.campaigns.get('Auto Club') as string;
  const fixed = () => service.project.ids.campaigns.get('Fixed Club') as string;
  const keys = () => ({ db: service.ctx.db, clock: service.clock });
  let customer = 0;
  const enrollBody = () => ({ customer: { source_id: `bearer-${++customer}` } });
  /** A fresh key of the test project, so blocking it leaves the other tests alone. */
  const freshKey = async () => {
    const { key, secret } = await createApiKey(keys(), service.project.projectId, `key ${++customer}`);
    return { id: key.id, headers: keyHeadersOf({ appId: key.id, appToken: secret }) };
  };

  beforeAll(async () => {
    service = await startTestService(kind);
  });
  afterAll(() => service.close());

  describe('a token alone', () => {
    it('runs Add Member with scope loyalties', async () => {
      const t = await issueTokenOver(service, 'loyalties');
      const res = await withBearer(service, t, 'POST', `/v1/loyalties/${auto()}/members`, { body: enrollBody() });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ object: 'voucher', type: 'LOYALTY_CARD', campaign_id: auto() });
      expect(res.body.holder_id).toMatch(/^cust_/);
    });

    it('works until 900 seconds after issue, then is 401 unauthorized', async () => {
      const t = await issueTokenOver(service, 'api');
      service.clock.advance(900_000 - 1);
      expect((await withBearer(service, t, 'GET', '/v1/loyalties')).status).toBe(200);
      service.clock.advance(1);
      const expired = await withBearer(service, t, 'GET', '/v1/loyalties');
      expect(expired.status).toBe(401);
      expect(expired.body).toMatchObject({ code: 401, key: 'unauthorized', message: 'Unauthorized' });
      expect(expired.body.details).toContain('expired');
    });

    it('is 401 when unknown or malformed', async () => {
      for (const authorization of ['Bearer not-a-token', 'Bearer ', 'Basic dXNlcjpwYXNz', 'Bearer a b', 'token']) {
        const res = await service.call('GET', '/v1/loyalties', { headers: { Authorization: authorization }, auth: false });
        expect(res.status, authorization).toBe(401);
        expect(res.body).toMatchObject({ code: 401, key: 'unauthorized' });
      }
      const t = await issueTokenOver(service, 'api');
      expect((await service.call('GET', '/v1/loyalties', { headers: { Authorization: `bearer ${t}` }, auth: false })).status).toBe(200);
    });
  });

  describe('scope by path prefix, per route', () => {
    // Every authenticated route of the service today, with the area scope that opens it.
    const routes: { name: string; method: string; path: () => string; scope: string; body?: () => unknown }[] = [
      { name: 'POST /v1/loyalties/{campaignId}/members', method: 'POST', path: () => `/v1/loyalties/${auto()}/members`, scope: 'loyalties', body: enrollBody },
      { name: 'GET /v1/loyalties', method: 'GET', path: () => '/v1/loyalties', scope: 'loyalties' },
      { name: 'GET /v1/loyalties/{campaignId}', method: 'GET', path: () => `/v1/loyalties/${fixed()}`, scope: 'loyalties' },
      { name: 'GET /v1/loyalties/{campaignId}/members', method: 'GET', path: () => `/v1/loyalties/${fixed()}/members`, scope: 'loyalties' },
      { name: 'GET /v1/loyalties/{campaignId}/members/{memberId}', method: 'GET', path: () => `/v1/loyalties/${fixed()}/members/FIX-BOB`, scope: 'loyalties' },
      { name: 'GET /v1/loyalties/members/{memberId}', method: 'GET', path: () => '/v1/loyalties/members/FIX-BOB', scope: 'loyalties' },
      { name: 'GET /v1/publications', method: 'GET', path: () => '/v1/publications', scope: 'publications' },
      { name: 'GET /v1/locations', method: 'GET', path: () => '/v1/locations', scope: 'locations' },
      { name: 'GET /v1/locations/{locationId}', method: 'GET', path: () => '/v1/locations/loc_unknown', scope: 'locations' },
    ];
    const tokens: Record<string, string> = {};

    beforeAll(async () => {
      for (const scope of ['api', 'loyalties', 'publications', 'locations', 'segments exports events customers', 'client_api']) {
        tokens[scope] = await issueTokenOver(service, scope);
      }
    });

    it.each(routes.map((r) => [r.name, r] as const))('%s', async (_name, route) => {
      const call = (headers: Record<string, string>, auth: boolean) => service.call(route.method, route.path(), { body: route.body?.(), headers, auth });
      const byKey = await call({}, true);
      expect([200, 404]).toContain(byKey.status);
      for (const scope of ['api', route.scope]) {
        const res = await call({ Authorization: `Bearer ${tokens[scope]}` }, false);
        expect(res.status, `scope ${scope}`).toBe(byKey.status);
      }
      for (const scope of Object.keys(tokens).filter((s) => s !== 'api' && s !== route.scope)) {
        const res = await call({ Authorization: `Bearer ${tokens[scope]}` }, false);
        expect(res.status, `scope ${scope}`).toBe(403);
        expect(res.body).toMatchObject({ code: 403, key: 'missing_required_permission', message: 'Missing permission' });
        expect(res.body.details).toContain(`'api' or '${route.scope}'`);
      }
    });

    it('holds for every route the service registers: only api or the scope of its path prefix opens it', async () => {
      const routes = await bearerRoutes(service.ctx);
      // Not vacuous: the routes of this issue and its neighbours are all found.
      expect(routes.length).toBeGreaterThanOrEqual(20);
      expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(expect.arrayContaining(['POST /v1/loyalties/:campaignId/members', 'GET /v1/publications', 'GET /v1/locations']));
      const tokenFor = new Map<string, string>();
      const token = async (scope: string) => {
        if (!tokenFor.has(scope)) tokenFor.set(scope, await issueTokenOver(service, scope));
        return tokenFor.get(scope) as string;
      };
      for (const route of routes) {
        const path = route.url.replace(/:(\w+)/g, 'x-$1');
        const opening = scopesOpening(route.url);
        expect(opening[0], route.url).toBe('api');
        const call = async (scope: string) => (await withBearer(service, await token(scope), route.method, path, { body: route.method === 'GET' ? undefined : {} })).status;
        for (const scope of opening) expect([401, 403], `${route.method} ${route.url} with ${scope}`).not.toContain(await call(scope));
        const others = oauthScopeNames.filter((s) => !opening.includes(s)).join(' ');
        expect(await call(others), `${route.method} ${route.url} without its scope`).toBe(403);
      }
    });

    it('checks the scope before the body: a forbidden call never reaches validation', async () => {
      const res = await withBearer(service, tokens.publications, 'POST', `/v1/loyalties/${auto()}/members`, { body: {} });
      expect(res.status).toBe(403);
    });
  });

  describe('a token beside the key pair', () => {
    it('needs both valid, and the token scope still limits the call', async () => {
      const t = await issueTokenOver(service, 'publications');
      const both = (headers: Record<string, string>) => service.call('GET', '/v1/publications', { headers: { Authorization: `Bearer ${t}`, ...headers }, auth: false });
      expect((await both(service.keyHeaders)).status).toBe(200);
      expect((await both({ ...service.keyHeaders, 'X-App-Token': 'wrong' })).status).toBe(401);
      expect((await both({ 'X-App-Id': service.keyHeaders['X-App-Id'] })).status).toBe(401);

      const withKeys = await service.call('GET', '/v1/loyalties', { headers: { Authorization: `Bearer ${t}` } });
      expect(withKeys.status).toBe(403);
      expect(withKeys.body.key).toBe('missing_required_permission');

      const revoked = await issueTokenOver(service, 'api');
      await formPost(service, '/v1/oauth/token/revoke', { access_token: revoked });
      expect((await service.call('GET', '/v1/loyalties', { headers: { Authorization: `Bearer ${revoked}` } })).status).toBe(401);
    });

    it('may come from another key of the project, never from another project', async () => {
      const other = await freshKey();
      const t = await issueTokenOver(service, 'api', other.headers);
      expect((await service.call('GET', '/v1/loyalties', { headers: { Authorization: `Bearer ${t}` } })).status).toBe(200);

      const elsewhere = await loadFixture(service.database, baseFixture({ project: { name: 'Elsewhere' } }), service.clock.now());
      const theirs = await issueTokenOver(service, 'api', keyHeadersOf(elsewhere.keys[0]));
      const mixed = await service.call('GET', '/v1/loyalties', { headers: { Authorization: `Bearer ${theirs}` } });
      expect(mixed.status).toBe(401);
      expect(mixed.body.details).toContain('different projects');
      // Alone, their token sees their project only.
      const programs = await withBearer(service, theirs, 'GET', '/v1/loyalties');
      expect(programs.body.campaigns.map((c: { id: string }) => c.id)).not.toContain(auto());
    });
  });

  describe('tokens inherit their key', () => {
    it('stop working at once when the key is blocked, and stay revoked after unblocking', async () => {
      const key = await freshKey();
      const t = await issueTokenOver(service, 'api', key.headers);
      await blockApiKey(keys(), key.id);
      const res = await withBearer(service, t, 'GET', '/v1/loyalties');
      expect(res.status).toBe(401);
      expect(res.body.key).toBe('unauthorized');
      const issue = await formPost(service, '/v1/oauth/token', { grant_type: 'client_credentials', scope: 'api' }, key.headers);
      expect(issue.status).toBe(401);

      await unblockApiKey(keys(), key.id);
      expect((await withBearer(service, t, 'GET', '/v1/loyalties')).status).toBe(401);
      const fresh = await issueTokenOver(service, 'api', key.headers);
      expect((await withBearer(service, fresh, 'GET', '/v1/loyalties')).status).toBe(200);
    });

    it('stop working when the key is blocked behind the service’s back (status is read per request)', async () => {
      const key = await freshKey();
      const t = await issueTokenOver(service, 'api', key.headers);
      await service.database.execute(`UPDATE api_keys SET status = 'BLOCKED' WHERE id = $1`, [key.id]);
      expect((await withBearer(service, t, 'GET', '/v1/loyalties')).status).toBe(401);
      expect((await formPost(service, '/v1/oauth/introspect', { access_token: t })).body).toEqual({ active: false });
    });

    it('stop working when the key is deleted', async () => {
      const key = await freshKey();
      const t = await issueTokenOver(service, 'api', key.headers);
      await deleteApiKey(keys(), key.id);
      expect((await withBearer(service, t, 'GET', '/v1/loyalties')).status).toBe(401);
      expect((await service.call('GET', '/v1/loyalties', { headers: key.headers, auth: false })).status).toBe(401);
    });

    it('keep working when the key secret is regenerated', async () => {
      const key = await freshKey();
      const t = await issueTokenOver(service, 'loyalties', key.headers);
      const { secret } = await regenerateApiKey(keys(), key.id);
      expect((await withBearer(service, t, 'POST', `/v1/loyalties/${auto()}/members`, { body: enrollBody() })).status).toBe(200);
      expect((await service.call('GET', '/v1/loyalties', { headers: key.headers, auth: false })).status).toBe(401);
      expect((await service.call('GET', '/v1/loyalties', { headers: keyHeadersOf({ appId: key.id, appToken: secret }), auth: false })).status).toBe(200);
    });

    it('follow the key’s IP allowlist: other addresses get 403', async () => {
      const key = await freshKey();
      const t = await issueTokenOver(service, 'api', key.headers);
      await setApiKeyIpAllowlist(keys(), key.id, ['10.0.0.0/8', '2001:db8::/32']);
      const res = await withBearer(service, t, 'GET', '/v1/loyalties');
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 403, key: 'forbidden' });
      expect(res.body.details).toContain('127.0.0.1');
      expect((await formPost(service, '/v1/oauth/token', { grant_type: 'client_credentials', scope: 'api' }, key.headers)).status).toBe(403);

      await setApiKeyIpAllowlist(keys(), key.id, ['127.0.0.0/8']);
      expect((await withBearer(service, t, 'GET', '/v1/loyalties')).status).toBe(200);
      await setApiKeyIpAllowlist(keys(), key.id, []);
      expect((await withBearer(service, t, 'GET', '/v1/loyalties')).status).toBe(200);
    });
  });
});
