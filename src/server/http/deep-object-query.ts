import type { FastifyRequest } from 'fastify';
import qs from 'qs';

/**
 * Re-parses a route's query string with brackets (`filters[name][conditions][$is]=x`), the OpenAPI
 * `deepObject` style the real API uses; Fastify's own parser keeps such keys flat. Used as a route's
 * `preValidation` hook, so the zod schema then validates the nested object. Plain keys parse as
 * before; a repeated key becomes an array. Limits keep a hostile query string cheap.
 */
export async function parseDeepObjectQuery(request: FastifyRequest): Promise<void> {
  const at = request.raw.url?.indexOf('?') ?? -1;
  const search = at >= 0 ? (request.raw.url as string).slice(at + 1) : '';
  request.query = qs.parse(search, { depth: 4, arrayLimit: 1000, parameterLimit: 1000, allowDots: false, allowPrototypes: false });
}
