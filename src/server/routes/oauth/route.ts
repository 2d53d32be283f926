import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorObjectSchema } from '../../../contract/error';
import { accessTokenRequestSchema, introspectionSchema, oauthTokenSchema, tokenRequestSchema } from '../../../contract/oauth';
import { noContent } from '../../http/openapi/responses';
import { introspectToken, issueToken, revokeToken } from '../../services/oauth-tokens';

/** The OAuth 2.0 operations: form-encoded bodies, key pair only (SERVICE_SPEC §4.2, §4.3). */
const oauthRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = { auth: 'key' as const };
  // Forms are parsed in this area's scope only: every other route takes JSON and answers a form with 415.
  await app.register(formbody);
  // The real API takes forms; JSON bodies with the same fields work too.
  const consumes = ['application/x-www-form-urlencoded', 'application/json'];

  app.post('/v1/oauth/token', { config: key, schema: { summary: 'Generate OAuth 2.0 Token', consumes, body: tokenRequestSchema, response: { 200: oauthTokenSchema } } }, async (request) => issueToken(app.ctx, request.principal, request.body));

  app.post('/v1/oauth/introspect', { config: key, schema: { summary: 'Introspect OAuth 2.0 Token', consumes, body: accessTokenRequestSchema, response: { 200: introspectionSchema } } }, async (request) =>
    introspectToken(app.ctx, request.principal, request.body),
  );

  // 204 without a body, as the real API (openapi-supporting revoke-oauth-token).
  app.post('/v1/oauth/token/revoke', {
    config: key,
    schema: {
      summary: 'Revoke OAuth 2.0 Token',
      consumes,
      body: accessTokenRequestSchema,
      response: { 204: noContent, 404: errorObjectSchema.describe('The project has no live token with this value (`not_found`).') },
    },
  }, async (request, reply) => {
    await revokeToken(app.ctx, request.principal, request.body);
    return reply.code(204).send();
  });
};

export default oauthRoutes;
