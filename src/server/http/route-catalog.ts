import type { FastifyInstance, RouteOptions } from 'fastify';

export interface CatalogRoute {
  method: string;
  /** The route's URL pattern, e.g. `/v1/loyalties/:campaignId/members`. */
  url: string;
  schema: RouteOptions['schema'];
  config: RouteOptions['config'];
  pattern: RegExp;
}

/** `/v1/x/:id/y` → a RegExp matching concrete paths; a trailing slash is ignored like the router does. */
function patternOf(url: string): RegExp {
  const body = url
    .replace(/\/$/, '')
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}/?$`);
}

/**
 * Every route of the service as registered: which methods a path allows (405 + Allow) and, for the
 * property test, every operation with its schemas, including operations added later.
 */
export class RouteCatalog {
  private readonly list: CatalogRoute[] = [];

  get routes(): readonly CatalogRoute[] {
    return this.list;
  }

  /** Records every route registered on `app` from now on. */
  watch(app: FastifyInstance): void {
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) this.list.push({ method, url: route.url, schema: route.schema, config: route.config, pattern: patternOf(route.url) });
    });
  }

  /** The methods some route allows on this concrete path (sorted, without duplicates). */
  allowedMethods(path: string): string[] {
    const methods = new Set(this.list.filter((route) => route.pattern.test(path)).map((route) => route.method));
    return [...methods].sort();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    routeCatalog: RouteCatalog;
  }
}
