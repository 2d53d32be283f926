import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { docsTheme } from './docs-theme';

/**
 * Swagger UI's files from our pinned `swagger-ui-dist`, not the copy bundled with @fastify/swagger-ui:
 * from 5.33.0 (through 5.35.0 at least) Swagger UI renders only the first few operations of a document
 * of more than about 130, and ours has more (e2e/api-reference.spec.ts fails on 5.34.0).
 */
const swaggerUiFiles = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const openApiDocumentSchema = z.looseObject({ openapi: z.literal('3.1.0') }).describe('The OpenAPI 3.1 document of this service.');

/**
 * GET /openapi.json and the API reference page at /docs (Swagger UI). The page and its scripts,
 * styles and fonts are served from node_modules, so it works without a network; its CSP allows
 * nothing but this origin (and the download host, whose files "Try it out" may fetch).
 */
export function docsRoutes(settings: { downloadBaseUrl: string }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/openapi.json',
      {
        config: { auth: 'public', docs: { extension: 'This document: what this service serves, generated from its routes and schemas.' } },
        schema: { summary: 'The OpenAPI 3.1 document of this service', response: { 200: openApiDocumentSchema } },
      },
      async (_request, reply) => reply.header('cache-control', 'no-cache').send(app.swagger() as z.infer<typeof openApiDocumentSchema>),
    );

    await app.register(async (docs: FastifyInstance) => {
      // Swagger UI's own routes (the page, its assets, its copy of the document) need no key.
      docs.addHook('onRoute', (route) => {
        route.config = { ...route.config, auth: 'public' };
      });
      const download = new URL(settings.downloadBaseUrl).origin;
      await docs.register(swaggerUi, {
        routePrefix: '/docs',
        baseDir: swaggerUiFiles,
        staticCSP: `default-src 'self'; base-uri 'self'; connect-src 'self' ${download}; font-src 'self' data:; form-action 'self'; frame-ancestors 'none'; img-src 'self' data:; object-src 'none'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'`,
        // No deep links: Swagger UI renders them as links inside the operation's toggle button.
        uiConfig: { layout: 'BaseLayout', deepLinking: false, docExpansion: 'list', defaultModelsExpandDepth: 0, displayRequestDuration: true, tryItOutEnabled: false },
        theme: docsTheme,
      });
    });
  };
}
