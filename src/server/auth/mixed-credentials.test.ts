import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../test/support/databases';
import { baseFixture } from '../../../test/support/fixtures';
import { issueTokenOver, keyHeadersOf } from '../../../test/support/oauth';
import { startTestService, type TestService } from '../../../test/support/service';
import { loadFixture } from '../seed/load-fixture';

/**
 * Issue 48, fault 9: the routes that take the key pair only (`/_local/*`, the OAuth operations)
 * ignored a bearer token sent beside it, while `/v1` refuses that pair. The README's rule holds on
 * every path: with both, both must be valid and of the same project, and the token's scope still limits the call.
 */
describe.each(testDatabases())('A bearer token beside the key pair on key-pair routes (%s)', (kind) => {
  let service: TestService;
  let theirToken: string;
  let ownApiToken: string;
  let ownNarrowToken: string;

  /** One call of each key-pair route that changes nothing the other calls read. */
  const keyPairCalls: [string, string, Record<string, string>?][] = [
    ['GET', '/_local/clock'],
    ['GET', '/_local/requests'],
    ['GET', '/_local/snapshot'],
    ['POST', '/v1/oauth/introspect', { access_token: 'no-such-token' }],
  ];

  function call(method: string, path: string, form: Record<string, string> | undefined, headers: Record<string, string>) {
    return form
      ? service.call(method, path, { body: new URLSearchParams(form).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } })
      : service.call(method, path, { headers });
  }

  beforeAll(async () => {
    service = await startTestService(kind, baseFixture(), undefined, { localControl: 'on' });
    const elsewhere = await loadFixture(service.database, baseFixture({ project: { name: 'Elsewhere' } }), service.clock.now());
    theirToken = await issueTokenOver(service, 'api', keyHeadersOf(elsewhere.keys[0]));
    ownApiToken = await issueTokenOver(service, 'api');
    ownNarrowToken = await issueTokenOver(service, 'loyalties');
  });
  afterAll(async () => service.close());

  it('refuses another project’s token, an unknown one and a malformed header beside a valid key pair', async () => {
    for (const [method, path, form] of keyPairCalls) {
      for (const authorization of [`Bearer ${theirToken}`, 'Bearer not-a-token', 'Basic dXNlcjpwYXNz']) {
        const res = await call(method, path, form, { Authorization: authorization });
        expect(res.status, `${method} ${path} with ${authorization}`).toBe(401);
        expect(res.body).toMatchObject({ code: 401, key: 'unauthorized' });
      }
    }
    const mixed = await call('GET', '/_local/clock', undefined, { Authorization: `Bearer ${theirToken}` });
    expect(mixed.body.details).toContain('different projects');
  });

  it('serves a valid token of the project beside the key pair, within the token’s scope', async () => {
    for (const [method, path, form] of keyPairCalls) {
      const res = await call(method, path, form, { Authorization: `Bearer ${ownApiToken}` });
      expect(res.status, `${method} ${path}`).toBe(200);
    }
    const narrow = await call('GET', '/_local/clock', undefined, { Authorization: `Bearer ${ownNarrowToken}` });
    expect(narrow.status).toBe(403);
    expect(narrow.body.key).toBe('missing_required_permission');
  });

  it('still takes the key pair alone, and never a token alone', async () => {
    for (const [method, path, form] of keyPairCalls) {
      expect((await call(method, path, form, {})).status, `${method} ${path}`).toBe(200);
      const headers: Record<string, string> = { Authorization: `Bearer ${ownApiToken}`, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) };
      const alone = await service.call(method, path, { headers, auth: false, ...(form ? { body: new URLSearchParams(form).toString() } : {}) });
      expect(alone.status, `${method} ${path} with a token alone`).toBe(401);
    }
  });
});
