import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { request as upstreamRequest } from 'undici';
import type { ErrorObject } from '../contract/error';
import { isAllowed } from './allowlist';
import type { ProxyConfig } from './config';

/** Response headers worth passing back to the browser. */
const passedBack = ['content-type', 'content-disposition', 'cache-control', 'x-request-id', 'x-rate-limit-limit', 'x-rate-limit-remaining', 'x-rate-limit-retry', 'retry-after'];

function errorReply(reply: FastifyReply, request: FastifyRequest, body: Omit<ErrorObject, 'request_id'>) {
  return reply.status(body.code).send({ ...body, request_id: request.id });
}

/**
 * The dashboard's server: serves the built SPA and forwards allowed `/api/*` calls upstream with
 * the project's keys, which never reach the browser.
 */
export async function buildProxy(config: ProxyConfig): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, genReqId: () => `p-${randomBytes(9).toString('hex')}`, bodyLimit: 4 * 1024 * 1024 });
  // Bodies are forwarded as they came; the upstream validates them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.all('/api/*', async (request, reply) => {
    const url = new URL(request.url, 'http://proxy.local');
    const path = url.pathname.replace(/^\/api/, '');
    if (!isAllowed(request.method, path)) {
      return errorReply(reply, request, { code: 404, key: 'not_found', message: 'Resource not found', details: `The dashboard does not call ${request.method} ${path}` });
    }
    if (!config.appId || !config.appToken) {
      return errorReply(reply, request, { code: 502, key: 'proxy_not_configured', message: 'Bad Gateway', details: 'The proxy has no API keys: set PROXY_APP_ID and PROXY_APP_TOKEN' });
    }
    const headers: Record<string, string> = { 'x-app-id': config.appId, 'x-app-token': config.appToken, 'x-proxy-request-id': request.id };
    const contentType = request.headers['content-type'];
    if (contentType) headers['content-type'] = contentType;
    if (request.headers.accept) headers.accept = request.headers.accept;
    try {
      const target = new URL(path + url.search, config.upstream);
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

  const distDir = resolve(config.distDir);
  if (existsSync(resolve(distDir, 'index.html'))) {
    await app.register(fastifyStatic, { root: distDir, wildcard: true });
    // Client-side routes: any other GET without a file extension gets the SPA.
    app.setNotFoundHandler((request, reply) => {
      if (request.method === 'GET' && !request.url.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(request.url.split('?')[0])) return reply.sendFile('index.html');
      return errorReply(reply, request, { code: 404, key: 'not_found', message: 'Resource not found', details: `Cannot ${request.method} ${request.url.split('?')[0]}` });
    });
  }
  return app;
}
