import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessTokenRequestSchema, tokenRequestSchema } from '../../../contract/oauth';
import { introspectToken, issueToken, revokeToken } from '../../services/oauth-tokens';

/** The OAuth 2.0 operations: form-encoded bodies, key pair only (SERVICE_SPEC §4.2, §4.3). */
const oauthRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = { auth: 'key' as const };
  // Forms are parsed in this area's scope only: every other route takes JSON and answers a form with 415.
  await app.register(formbody);

  app.post('/v1/oauth/token', { config: key, schema: { body: tokenRequestSchema } }, async (request) => issueToken(app.ctx, request.principal, request.body));

  app.post('/v1/oauth/introspect', { config: key, schema: { body: accessTokenRequestSchema } }, async (request) =>
    introspectToken(app.ctx, request.principal, request.body),
  );

  // 204 without a body, as the real API (openapi-supporting revoke-oauth-token).
  app.post('/v1/oauth/token/revoke', { config: key, schema: { body: accessTokenRequestSchema } }, async (request, reply) => {
    await revokeToken(app.ctx, request.principal, request.body);
    return reply.code(204).send();
  });
};

export default oauthRoutes;
