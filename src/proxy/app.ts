import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { request as upstreamRequest } from 'undici';
import type { ErrorObject } from '../contract/error';
import { roleMay } from '../contract/staff-session';
import { dashboardUserHeader, signDashboardUser } from '../platform/dashboard-user';
import type { Database } from '../platform/db/client';
import { clientErrorResponse } from '../platform/http/client-error-response';
import { loggerOptions, type LoggerSettings } from '../platform/http/log-serializers';
import { systemClock, type Clock } from '../platform/clock';
import { actionFor } from './allowlist';
import { registerAuthRoutes, requireSession } from './auth/auth-routes';
import type { ScryptCost } from './auth/password-hash';
import { StaffAuth } from './auth/staff-auth';
import type { ProxyConfig } from './config';
import { registerDashboardAssets } from './dashboard-assets';
import { installSecurityHeaders } from './security-headers';
import { upstreamCall } from './upstream-credentials';

/** Response headers worth passing back to the browser. */
const passedBack = ['content-type', 'content-disposition', 'cache-control', 'x-request-id', 'x-rate-limit-limit', 'x-rate-limit-remaining', 'x-rate-limit-retry', 'retry-after'];

function errorReply(reply: FastifyReply, request: FastifyRequest, body: Omit<ErrorObject, 'request_id'>) {
  return reply.status(body.code).send({ ...body, request_id: request.id });
}

export interface ProxyDependencies {
  /** Where staff users and sessions live: the service's database (in one process, the same object). */
  database: Database;
  clock?: Clock;
  logger?: LoggerSettings;
  /** Signs X-Dashboard-User for our own service (see server/auth/dashboard-user); unset: not sent. */
  dashboardUserKey?: Buffer;
  /** Tests lower the password KDF cost; production keeps the default. */
  passwordCost?: ScryptCost;
}

/**
 * The dashboard's server: serves the built SPA, signs staff in, and forwards the `/api/*` calls
 * their role allows upstream with the project's keys, which never reach the browser.
 */
export async function buildProxy(config: ProxyConfig, deps: ProxyDependencies): Promise<FastifyInstance> {
  const clock = deps.clock ?? systemClock;
  const logger = deps.logger ? loggerOptions(deps.logger) : false;
  const newRequestId = () => `p-${randomBytes(9).toString('hex')}`;
  const app = Fastify({
    logger,
    genReqId: newRequestId,
    bodyLimit: 4 * 1024 * 1024,
    // What Node's HTTP parser refuses (oversized headers, broken framing) is still the error object.
    clientErrorHandler: (error, socket) => clientErrorResponse(error, socket, newRequestId()),
    // Served while shutting down (with Connection: close) rather than Fastify's 503 body, not ours.
    return503OnClosing: false,
  });
  // Bodies are forwarded as they came; the upstream validates them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  installSecurityHeaders(app, config.tileUrl);

  const auth = new StaffAuth(deps.database.db, clock, config.sessionPolicy, deps.passwordCost);
  const authOptions = { auth, cookieSecure: config.cookieSecure ?? true, demoUser: config.demoUser, apiReferenceUrl: config.apiReferenceUrl };
  registerAuthRoutes(app, authOptions);

  app.all('/api/*', async (request, reply) => {
    const active = await requireSession(authOptions, request, reply);
    if (!active) return reply;
    const url = new URL(request.url, 'http://proxy.local');
    const path = url.pathname.replace(/^\/api/, '');
    const action = actionFor(request.method, path);
    if (!action) {
      return errorReply(reply, request, { code: 404, key: 'not_found', message: 'Resource not found', details: `The dashboard does not call ${request.method} ${path}` });
    }
    if (!roleMay(active.user.role, action)) {
      return errorReply(reply, request, {
        code: 403,
        key: 'forbidden',
        message: 'Forbidden',
        details: `The ${active.user.role} role may not ${request.method} ${path}`,
      });
    }
    const call = upstreamCall(config, path);
    if ('refused' in call) return errorReply(reply, request, call.refused);
    const headers: Record<string, string> = { ...call.headers, 'x-proxy-request-id': request.id };
    const contentType = request.headers['content-type'];
    if (contentType) headers['content-type'] = contentType;
    if (request.headers.accept) headers.accept = request.headers.accept;
    try {
      const target = new URL(call.path + url.search, config.upstream);
      // Our service records who started an export from the dashboard; a cloud upstream gets nothing.
      if (config.upstreamIsLocal && deps.dashboardUserKey) {
        headers[dashboardUserHeader] = signDashboardUser(deps.dashboardUserKey, active.user.id, request.method, target.pathname + target.search, clock.now());
      }
      const upstream = await upstreamRequest(target, {
        method: request.method as 'GET',
        headers,
        body: request.body instanceof Buffer && request.body.length > 0 ? request.body : undefined,
        headersTimeout: 30_000,
        bodyTimeout: 120_000,
      });
      void reply.status(upstream.statusCode);
      for (const name of passedBack) {
        const value = upstream.headers[name];
        if (value !== undefined) void reply.header(name, value);
      }
      return reply.send(upstream.body);
    } catch (error) {
      request.log.warn({ err: error }, 'upstream unreachable');
      return errorReply(reply, request, { code: 502, key: 'upstream_unreachable', message: 'Bad Gateway', details: `The API at ${config.upstream.origin} did not answer` });
    }
  });

  await registerDashboardAssets(app, {
    distDir: config.distDir,
    serveSourceMaps: config.serveSourceMaps ?? false,
    notFound: (request, reply) =>
      errorReply(reply, request, { code: 404, key: 'not_found', message: 'Resource not found', details: `Cannot ${request.method} ${request.url.split('?')[0]}` }),
  });
  return app;
}
