import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate } from './auth/authenticate';
import { dashboardUserHeader, verifyDashboardUser } from '../platform/dashboard-user';
import './auth/principal';
import type { ServiceContext } from './context';
import { ApiError, invalidPayload, invalidQuery } from './lib/api-error';
import { clientErrorResponse } from '../platform/http/client-error-response';
import { frameworkErrorReply, installErrorHandling, type UnbuiltOperations } from './http/error-handler';
import { registerOpenApiDocument } from './http/openapi/document';
import { docsRoutes } from './http/openapi/docs-routes';
import { documentingSerializerCompiler } from './http/openapi/response-serializer';
import { PublishedOperationIndex } from './http/published-operation-index';
import { RouteCatalog } from './http/route-catalog';
import { findUnstorableText } from './http/unstorable-text';
import { loggerOptions, type LoggerSettings } from '../platform/http/log-serializers';
import { enforceRateLimit } from './rate-limit/rate-limit-hook';
import { routeAreas } from './routes';
import localClockRoutes from './routes/local-clock/route';
import requestLogRoutes from './routes/local-requests/route';
import localResetRoutes from './routes/local-reset/route';
import localSnapshotRoutes from './routes/local-snapshot/route';
import localFaultRoutes from './routes/local-faults/route';
import localWebhookRoutes from './routes/local-webhooks/route';
import { injectFaults } from './faults/inject-faults';
import { recordAnsweredRequests } from './http/request-log-hooks';
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
  app.setSerializerCompiler(documentingSerializerCompiler);
  app.decorate('ctx', ctx);
  app.decorateRequest('principal', null as never);
  app.decorateRequest('dashboardUser', null);
  // Who calls, counted against the project's rate limit: every route but a public one, and an operation of the contract not built here before its 501.
  const admit: UnbuiltOperations['admit'] = async (request, reply, mode, routePath) => {
    // A token expires by its project's clock and by real time; rate windows and the proxy's signature keep real time.
    request.principal = await authenticate(ctx.db, request, mode, async (projectId) => ({ now: await ctx.clock.nowOf(projectId), realNow: ctx.clock.realNow() }), routePath);
    await enforceRateLimit(ctx.rateLimiter, request, reply, ctx.clock.realNow());
  };
  installErrorHandling(app, catalog, { index: new PublishedOperationIndex(), admit });
  // JSON only (the OAuth routes add forms in their own scope): a text/plain body is a 415, not a
  // string for the schema to reject.
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (request, reply) => {
    void reply.header('X-Request-Id', request.id);
    // Counted until its connection's answer is done or abandoned ('close' follows both).
    ctx.requestsInFlight.begin();
    reply.raw.once('close', () => ctx.requestsInFlight.end());
    // @voucherify/sdk sends DELETE with Content-Type: application/json and no body; a DELETE takes
    // no body here, so an empty one is no body rather than an empty-JSON 400.
    if (request.method === 'DELETE' && (request.headers['content-length'] === '0' || request.headers['content-length'] === undefined)) delete request.headers['content-type'];
  });
  app.addHook('preValidation', async (request, reply) => {
    const mode = request.routeOptions.config.auth ?? 'any';
    if (mode === 'public' || !request.routeOptions.url) return;
    await admit(request, reply, mode, request.routeOptions.url);
    const vouched = request.headers[dashboardUserHeader];
    if (typeof vouched === 'string') request.dashboardUser = verifyDashboardUser(ctx.dashboardUserKey, vouched, request.method, request.url, ctx.clock.realNow()) ?? null;
  });
  // Faults on demand (LOCAL_CONTROL=on): met once the project is known, before anything else runs.
  if (ctx.faults) {
    injectFaults(app, ctx, ctx.faults);
    await ctx.faults.refresh();
    ctx.faults.start((error) => app.log.error({ err: error }, 'faults could not be read'));
  }
  // From here on the request runs in its project's time: every `ctx.clock.now()` below it
  // (validation, handler, use-cases) answers the project's clock (see clock/project-clock), in
  // every process, whatever its LOCAL_CONTROL: that only decides who may move a clock.
  app.addHook('preValidation', (request, _reply, done) => {
    if (!request.principal) return done();
    const { projectId } = request.principal;
    ctx.clock.offsetOf(projectId).then((offsetMs) => ctx.clock.runAs(projectId, offsetMs, done), done);
  });

  app.addHook('preValidation', async (request) => rejectUnstorableInput(request));
  // Every answered request of a known project goes to the request log, after its answer is sent.
  if (ctx.requestLog) recordAnsweredRequests(app, ctx.requestLog, () => ctx.clock.realNow());
  app.addHook('onClose', async () => ctx.rateLimiter.close());
  // What card changes set off (tiers catching up) finishes before the database may go.
  app.addHook('onClose', async () => ctx.cardChanges.settled());

  // Before any route: it records every route registered after it into /openapi.json.
  await registerOpenApiDocument(app, {
    get publicBaseUrl() {
      return ctx.config.publicBaseUrl;
    },
    get downloadBaseUrl() {
      return ctx.config.downloadBaseUrl;
    },
    localControl: ctx.clock.movable,
  });
  app.get(
    '/healthz',
    { config: { auth: 'public', docs: { extension: 'Liveness for load balancers and process managers.' } }, schema: { summary: 'Health check', response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );
  await app.register(docsRoutes(ctx.config));
  for (const area of routeAreas) await app.register(area);
  // LOCAL_CONTROL off: not registered at all, so /_local/… is a 404 like any unknown path.
  if (ctx.clock.movable) {
    await app.register(localClockRoutes);
    await app.register(localResetRoutes);
    await app.register(localSnapshotRoutes);
    await app.register(localFaultRoutes);
    await app.register(localWebhookRoutes);
  }
  // REQUEST_LOG off: no log is kept, and none is served.
  if (ctx.requestLog) await app.register(requestLogRoutes);
  return app;
}
