import { randomBytes } from 'node:crypto';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate } from './auth/authenticate';
import { dashboardUserHeader, verifyDashboardUser } from './auth/dashboard-user';
import './auth/principal';
import type { ServiceContext } from './context';
import { installErrorHandling } from './http/error-handler';
import { loggerOptions, type LoggerSettings } from './http/log-serializers';
import { enforceRateLimit } from './rate-limit/rate-limit-hook';
import { routeAreas } from './routes';

export interface BuildAppOptions {
  logger?: boolean | LoggerSettings;
}

/** Request ids look like the real API's (`v-0c086598620e6704dd`). */
function newRequestId(): string {
  return `v-${randomBytes(9).toString('hex')}`;
}

/** Builds the service: plugins, error handler, authentication, and every route area. */
export async function buildApp(ctx: ServiceContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? loggerOptions(typeof options.logger === 'object' ? options.logger : { level: 'info' }) : false,
    genReqId: newRequestId,
    bodyLimit: 1024 * 1024 * 2,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  app.decorateRequest('principal', null as never);
  app.decorateRequest('dashboardUser', null);
  installErrorHandling(app);
  await app.register(formbody);

  app.addHook('onRequest', async (request, reply) => {
    void reply.header('X-Request-Id', request.id);
  });
  app.addHook('preValidation', async (request, reply) => {
    const mode = request.routeOptions.config.auth ?? 'any';
    if (mode === 'public' || !request.routeOptions.url) return;
    request.principal = await authenticate(ctx.db, request, mode, ctx.clock.now());
    await enforceRateLimit(ctx.rateLimiter, request, reply, ctx.clock.now());
    const vouched = request.headers[dashboardUserHeader];
    if (typeof vouched === 'string') request.dashboardUser = verifyDashboardUser(ctx.dashboardUserKey, vouched, request.method, request.url, ctx.clock.now()) ?? null;
  });

  app.addHook('onClose', async () => ctx.rateLimiter.close());

  app.get('/healthz', { config: { auth: 'public' } }, async () => ({ status: 'ok' }));
  for (const area of routeAreas) await app.register(area);
  return app;
}
