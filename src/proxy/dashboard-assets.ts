import { existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface DashboardAssetsOptions {
  /** The built SPA (vite build's dist/): files plus their `.br` and `.gz` siblings made at build time. */
  distDir: string;
  /** Source maps are built but served only when asked for (DASHBOARD_SOURCE_MAPS=on). */
  serveSourceMaps: boolean;
  /** Answers a request that matches no file and is no page of the SPA. */
  notFound: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
}

/** Vite names every file under assets/ by its content's hash: a new build is new names. */
const hashedAsset = /\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.(br|gz))?$/;

export const cacheHeaders = {
  /** A hashed file never changes under its name: a year, and browsers need not even revalidate. */
  hashed: 'public, max-age=31536000, immutable',
  /** index.html (and anything unhashed) names the current build's files: always revalidated. */
  unhashed: 'no-cache',
};

/**
 * Serves the built dashboard: precompressed brotli or gzip chosen by the browser's Accept-Encoding (never
 * compressed per request), hashed assets cached for good, index.html revalidated, source maps only on
 * request, and index.html for every client-side route.
 */
export async function registerDashboardAssets(app: FastifyInstance, options: DashboardAssetsOptions): Promise<boolean> {
  const root = resolve(options.distDir);
  if (!existsSync(resolve(root, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    preCompressed: true,
    // send's own `public, max-age=0` would make every visit re-check every file.
    cacheControl: false,
    allowedPath: (pathName) => options.serveSourceMaps || !pathName.endsWith('.map'),
    setHeaders: (reply, filePath) => {
      void reply.header('cache-control', hashedAsset.test(filePath) ? cacheHeaders.hashed : cacheHeaders.unhashed);
    },
  });
  // Client-side routes: any other GET without a file extension gets the SPA.
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    if (request.method === 'GET' && !path.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(basename(path))) return reply.sendFile('index.html');
    return options.notFound(request, reply);
  });
  return true;
}
