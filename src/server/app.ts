import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate } from './auth/authenticate';
import { dashboardUserHeader, verifyDashboardUser } from '../platform/dashboard-user';
import './auth/principal';
import type { ServiceContext } from './context';
import { ApiError, invalidPayload, invalidQuery } from './lib/api-error';
import { clientErrorResponse } from '../platform/http/client-error-response';
import { frameworkErrorReply, installErrorHandling } from './http/error-handler';
import { RouteCatalog } from './http/route-catalog';
import { findUnstorableText } from './http/unstorable-text';
import { loggerOptions, type LoggerSettings } from '../platform/http/log-serializers';
import { enforceRateLimit } from './rate-limit/rate-limit-hook';
import { routeAreas } from './routes';
import { pooledRandomBytes } from '../platform/random-pool';

export interface BuildAppOptions {
  logger?: boolean | LoggerSettings;
}

/** Request ids look like the real API's (`v-0c086598620e6704dd`). */
function newRequestId(): string {
  return `v-${pooledRandomBytes(9).toString('hex')}`;
}

/** Text PostgreSQL cannot store, or nesting too deep, is refused before validation and any work. */
function rejectUnstorableInput(request: FastifyRequest): void {
  const inParams = findUnstorableText(request.params);
  if (inParams) throw new ApiError(404, 'not_found', 'Resource not found', `Cannot ${request.method} ${request.url.split('?')[0]}`);
  const inQuery = findUnstorableText(request.query);
  if (inQuery) throw invalidQuery(inQuery);
  const inBody = findUnstorableText(request.body);
  if (inBody) throw invalidPayload(inBody);
}

/** Builds the service: plugins, error handler, authentication, and every route area. */
export async function buildApp(ctx: ServiceContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? loggerOptions(typeof options.logger === 'object' ? options.logger : { level: 'info' }) : false,
    genReqId: newRequestId,
    bodyLimit: 1024 * 1024 * 2,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    frameworkErrors: frameworkErrorReply,
    clientErrorHandler: (error, socket) => clientErrorResponse(error, socket, newRequestId()),
    // A request that slips in while the server shuts down is served (with Connection: close), not
    // answered by Fastify's own 503 body, which is not the error object.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  const catalog = new RouteCatalog();
  catalog.watch(app);
  app.decorate('routeCatalog', catalog);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  app.decorateRequest('principal', null as never);
  app.decorateRequest('dashboardUser', null);
  installErrorHandling(app, catalog);
  // JSON only (the OAuth routes add forms in their own scope): a text/plain body is a 415, not a
  // string for the schema to reject.
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (request, reply) => {
    void reply.header('X-Request-Id', request.id);
    // @voucherify/sdk sends DELETE with Content-Type: application/json and no body; a DELETE takes
    // no body here, so an empty one is no body rather than an empty-JSON 400.
    if (request.method === 'DELETE' && (request.headers['content-length'] === '0' || request.headers['content-length'] === undefined)) delete request.headers['content-type'];
  });
  app.addHook('preValidation', async (request, reply) => {
    const mode = request.routeOptions.config.auth ?? 'any';
    if (mode === 'public' || !request.routeOptions.url) return;
    request.principal = await authenticate(ctx.db, request, mode, ctx.clock.now());
    await enforceRateLimit(ctx.rateLimiter, request, reply, ctx.clock.now());
    const vouched = request.headers[dashboardUserHeader];
    if (typeof vouched === 'string') request.dashboardUser = verifyDashboardUser(ctx.dashboardUserKey, vouched, request.method, request.url, ctx.clock.now()) ?? null;
  });

  app.addHook('preValidation', async (request) => rejectUnstorableInput(request));
  app.addHook('onClose', async () => ctx.rateLimiter.close());

  app.get('/healthz', { config: { auth: 'public' } }, async () => ({ status: 'ok' }));
  for (const area of routeAreas) await app.register(area);
  return app;
}
