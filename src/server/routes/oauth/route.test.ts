import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { introspectionSchema, oauthTokenSchema } from '../../../contract/oauth';
import { testDatabases } from '../../../../test/support/databases';
import { baseFixture } from '../../../../test/support/fixtures';
import { formPost, issueTokenOver, keyHeadersOf, withBearer } from '../../../../test/support/oauth';
import { contractErrors } from '../../../../test/support/openapi';
import { startTestService, type TestService } from '../../../../test/support/service';
import { insertTokens } from '../../db/repositories/oauth-tokens';
import { oauthTokens } from '../../../platform/db/schema';
import { oauthClientId } from '../../domain/oauth-client-id';
import { newId } from '../../../platform/ids';
import { hashSecret, newSecret } from '../../../platform/secrets';
import { loadFixture } from '../../seed/load-fixture';

const MINUTE = 60_000;

describe.each(testDatabases())('OAuth token operations (%s)', (kind) => {
  let service: TestService;
  const token = (fields: Record<string, string>, headers?: Record<string, string>) => formPost(service, '/v1/oauth/token', fields, headers);
  const introspect = (accessToken: string, headers?: Record<string, string>) => formPost(service, '/v1/oauth/introspect', { access_token: accessToken }, headers);
  const revoke = (accessToken: string, headers?: Record<string, string>) => formPost(service, '/v1/oauth/token/revoke', { access_token: accessToken }, headers);
  /** A second project in the same database, with its own key pair. */
  const otherProject = async (name: string) => {
    const loaded = await loadFixture(service.database, baseFixture({ project: { name } }), service.clock.now());
    return { projectId: loaded.projectId, headers: keyHeadersOf(loaded.keys[0]) };
  };

  beforeAll(async () => {
    service = await startTestService(kind);
  });
  afterAll(() => service.close());

  describe('POST /v1/oauth/token', () => {
    it('issues a 900-second Bearer token for the calling key with the scope as granted', async () => {
      const now = service.clock.now().getTime();
      const res = await token({ grant_type: 'client_credentials', scope: 'loyalties segments' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        access_token: expect.any(String),
        client_id: oauthClientId(service.project.keys[0].appId),
        expires_at: Math.floor(now / 1000) + 900,
        expires_in: 900,
        scope: 'loyalties segments',
        token_type: 'Bearer',
      });
      expect(oauthTokenSchema.parse(res.body)).toBeTruthy();
      expect(contractErrors('subset', '/v1/oauth/token', 'post', 200, res.body)).toEqual([]);
    });

    it('makes tokens of 256 random bits and stores only their SHA-256 hash', async () => {
      const tokens = await Promise.all([1, 2, 3].map(() => issueTokenOver(service, 'api')));
      expect(new Set(tokens).size).toBe(3);
      for (const t of tokens) {
        // 32 bytes as base64url: 43 characters.
        expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(Buffer.from(t, 'base64url')).toHaveLength(32);
        const [row] = await service.ctx.db.select().from(oauthTokens).where(eq(oauthTokens.tokenHash, hashSecret(t)));
        expect(row).toBeDefined();
        expect(JSON.stringify(row)).not.toContain(t);
      }
    });

    it('grants each repeated scope once, in the order asked', async () => {
      const res = await token({ grant_type: 'client_credentials', scope: 'events  api events' });
      expect(res.body.scope).toBe('events api');
    });

    it('rejects a missing grant_type or scope with missing_parameters', async () => {
      const incomplete: Record<string, string>[] = [{ scope: 'api' }, { grant_type: 'client_credentials' }, {}, { grant_type: 'client_credentials', scope: '  ' }];
      for (const fields of incomplete) {
        const res = await token(fields);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 400, key: 'missing_parameters', message: 'Missing parameters' });
      }
      const both = await token({});
      expect(both.body.details).toBe('Missing required form fields: grant_type, scope');
      const empty = await service.call('POST', '/v1/oauth/token');
      expect(empty.body).toMatchObject({ code: 400, key: 'missing_parameters' });
    });

    it('rejects another grant_type with invalid_grant_type', async () => {
      const res = await token({ grant_type: 'password', scope: 'api' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, key: 'invalid_grant_type', message: 'Invalid grant_type' });
      expect(contractErrors('subset', '/v1/oauth/token', 'post', 400, res.body)).toEqual([]);
    });

    it('rejects comma-separated and unknown scopes with invalid_scope, echoing the offending value', async () => {
      const commas = await token({ grant_type: 'client_credentials', scope: 'vouchers,campaigns' });
      expect(commas.status).toBe(400);
      expect(commas.body).toMatchObject({ code: 400, key: 'invalid_scope', message: 'Invalid scope: vouchers,campaigns' });
      expect(commas.body.details).toContain('spaces, not commas');
      const unknown = await token({ grant_type: 'client_credentials', scope: 'api wallet' });
      expect(unknown.body).toMatchObject({ key: 'invalid_scope', message: 'Invalid scope: wallet' });
    });

    it('takes the key pair only: a bearer token or nothing is 401', async () => {
      const bearer = await issueTokenOver(service, 'api');
      const res = await token({ grant_type: 'client_credentials', scope: 'api' }, { Authorization: `Bearer ${bearer}` });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 401, key: 'unauthorized' });
      const wrong = await token({ grant_type: 'client_credentials', scope: 'api' }, { ...service.keyHeaders, 'X-App-Token': 'wrong' });
      expect(wrong.status).toBe(401);
    });
  });

  describe('POST /v1/oauth/introspect', () => {
    it('reports a live token with its fields and the seconds left, then inactive once expired', async () => {
      const issued = (await token({ grant_type: 'client_credentials', scope: 'api loyalties' })).body;
      service.clock.advance(345 * 1000);
      const live = await introspect(issued.access_token);
      expect(live.status).toBe(200);
      expect(live.body).toEqual({ ...issued, expires_in: 555, active: true });
      expect(introspectionSchema.parse(live.body)).toBeTruthy();
      expect(contractErrors('subset', '/v1/oauth/introspect', 'post', 200, live.body)).toEqual([]);

      service.clock.advance(555 * 1000 - 1);
      expect((await introspect(issued.access_token)).body).toMatchObject({ active: true, expires_in: 1 });
      service.clock.advance(1);
      const expired = await introspect(issued.access_token);
      expect(expired.status).toBe(200);
      expect(expired.body).toEqual({ active: false });
    });

    it('reports unknown tokens and tokens of another project as inactive', async () => {
      expect((await introspect('no-such-token')).body).toEqual({ active: false });
      const other = await otherProject('Introspect elsewhere');
      const theirs = await issueTokenOver(service, 'api', other.headers);
      expect((await introspect(theirs)).body).toEqual({ active: false });
      expect((await introspect(theirs, other.headers)).body).toMatchObject({ active: true });
    });

    it('needs access_token and the key pair', async () => {
      const missing = await formPost(service, '/v1/oauth/introspect', {});
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ code: 400, key: 'missing_parameters', message: 'Missing parameters', details: 'Missing required form field: access_token' });
      const t = await issueTokenOver(service, 'api');
      expect((await introspect(t, { Authorization: `Bearer ${t}` })).status).toBe(401);
    });
  });

  describe('POST /v1/oauth/token/revoke', () => {
    it('revokes with 204 and no body; the token is then inactive and stops authenticating', async () => {
      const t = await issueTokenOver(service, 'api');
      expect((await withBearer(service, t, 'GET', '/v1/loyalties')).status).toBe(200);
      const res = await revoke(t);
      expect(res.status).toBe(204);
      expect(res.body).toBeUndefined();
      expect((await introspect(t)).body).toEqual({ active: false });
      const after = await withBearer(service, t, 'GET', '/v1/loyalties');
      expect(after.status).toBe(401);
      expect(after.body).toMatchObject({ key: 'unauthorized' });
    });

    it('is 404 for a token that is unknown, already revoked, expired or of another project', async () => {
      const unknown = await revoke('no-such-token');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ code: 404, key: 'not_found', message: 'Resource not found' });

      const t = await issueTokenOver(service, 'api');
      await revoke(t);
      expect((await revoke(t)).status).toBe(404);

      const old = await issueTokenOver(service, 'api');
      service.clock.advance(15 * MINUTE);
      expect((await revoke(old)).status).toBe(404);

      const other = await otherProject('Revoke elsewhere');
      const theirs = await issueTokenOver(service, 'api', other.headers);
      expect((await revoke(theirs)).status).toBe(404);
      expect((await introspect(theirs, other.headers)).body).toMatchObject({ active: true });
    });

    it('needs access_token', async () => {
      const res = await formPost(service, '/v1/oauth/token/revoke', {});
      expect(res.body).toMatchObject({ code: 400, key: 'missing_parameters' });
    });
  });

  describe('the 1000 live tokens of a project', () => {
    /** Inserts token rows straight into the table: the cap is about rows, not about HTTP. */
    const seedTokens = async (projectId: string, apiKeyId: string, n: number, expiresAt: (i: number) => Date, revokedAt?: Date) => {
      const now = service.clock.now();
      const rows = Array.from({ length: n }, (_, i) => ({
        id: newId('oat'),
        projectId,
        apiKeyId,
        tokenHash: hashSecret(newSecret()),
        scope: 'api',
        createdAt: now,
        expiresAt: expiresAt(i),
        revokedAt,
      }));
      for (let i = 0; i < rows.length; i += 500) await insertTokens(service.ctx.db, rows.slice(i, i + 500));
    };

    it('issues up to 1000 live tokens; revoked and expired ones do not count', async () => {
      const { projectId, headers } = await otherProject('Capped');
      const keyId = headers['X-App-Id'];
      const now = service.clock.now().getTime();
      await seedTokens(projectId, keyId, 100, () => new Date(now - 1), undefined);
      await seedTokens(projectId, keyId, 100, () => new Date(now + 10 * MINUTE), new Date(now));
      // 999 live ones, the soonest expiring in 5 minutes.
      await seedTokens(projectId, keyId, 999, (i) => new Date(now + 5 * MINUTE + i * 100));

      const thousandth = await issueTokenOver(service, 'api', headers);
      const over = await token({ grant_type: 'client_credentials', scope: 'api' }, headers);
      expect(over.status).toBe(400);
      expect(over.body).toMatchObject({ code: 400, key: 'oauth_token_limit_reached', message: 'OAuth token limit reached' });
      expect(over.body.details).toContain('at most 1000 live OAuth tokens');
      expect(over.body.details).toContain(new Date(now + 5 * MINUTE).toISOString());
      // Other projects are not affected.
      expect((await token({ grant_type: 'client_credentials', scope: 'api' })).status).toBe(200);

      // Revoking frees a slot...
      expect((await revoke(thousandth, headers)).status).toBe(204);
      await issueTokenOver(service, 'api', headers);
      expect((await token({ grant_type: 'client_credentials', scope: 'api' }, headers)).status).toBe(400);
      // ...and so does time: the soonest seeded token expires at +5 minutes.
      service.clock.advance(5 * MINUTE);
      await issueTokenOver(service, 'api', headers);
      expect((await token({ grant_type: 'client_credentials', scope: 'api' }, headers)).status).toBe(400);
    });

    it('holds under concurrent issuing', async () => {
      const { projectId, headers } = await otherProject('Raced');
      await seedTokens(projectId, headers['X-App-Id'], 995, () => new Date(service.clock.now().getTime() + 10 * MINUTE));
      const results = await Promise.all(Array.from({ length: 12 }, () => token({ grant_type: 'client_credentials', scope: 'api' }, headers)));
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s === 400)).toHaveLength(7);
      const live = await service.database.execute<{ n: string }>(
        'SELECT count(*) AS n FROM oauth_tokens WHERE project_id = $1 AND revoked_at IS NULL AND expires_at > $2',
        [projectId, service.clock.now()],
      );
      expect(Number(live[0].n)).toBe(1000);
    });
  });
});
