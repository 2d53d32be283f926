import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { operationIdOf, openApiPathOf, securityOf, sharedErrorResponses, tagOf } from './operation-facts';

/** How /openapi.json shows a route, beside what its schemas say. */
export interface RouteDocs {
  /** Why the service has this operation though the real API does not: shown as `x-extension`. */
  extension?: string;
  /** The path template to document instead of the route's (a route sharing its path with another, told apart by a constraint). */
  path?: string;
  /** Served from the download host (`DOWNLOAD_BASE_URL`), like the real API's download cluster. */
  downloadHost?: boolean;
  /**
   * The body of a route that reads it itself (a multipart upload), documented only: a validated
   * `schema.body` would be checked against a body the multipart parser never fills in.
   */
  formBody?: JsonSchema;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    docs?: RouteDocs;
  }
}

/** The component every error response points to: the error object of SERVICE_SPEC §2.7. */
export const errorObjectRef = '#/components/schemas/ErrorObject';

type JsonSchema = Record<string, unknown>;
/** A response as @fastify/swagger takes it: `{description, content}`, or `{description, type: 'null'}` for no body. */
interface ResponseObject {
  description: string;
  content?: Record<string, { schema: unknown }>;
  type?: 'null';
}

const successDescriptions: Record<string, string> = { '200': 'OK', '201': 'Created', '202': 'Accepted', '204': 'No Content: the operation succeeded and answers no body.' };

/** A response as its route declared it (a JSON schema, or already `{description, content}`), in the document's shape. */
function responseObject(status: string, declared: JsonSchema): ResponseObject {
  if (declared.content && typeof declared.content === 'object') {
    return { description: (declared.description as string | undefined) ?? successDescriptions[status] ?? 'Response', content: declared.content as ResponseObject['content'] };
  }
  const { description, ...schema } = declared;
  const said = (description as string | undefined) ?? successDescriptions[status] ?? 'Response';
  if (schema.type === 'null') return { description: said, type: 'null' };
  return { description: said, content: { 'application/json': { schema } } };
}

function errorResponse(description: string): ResponseObject {
  return { description, content: { 'application/json': { schema: { $ref: errorObjectRef } } } };
}

/** `/v1/exports/:exportId` documented as `/v1/exports/:export_Id`: the path parameters renamed by position. */
function renameParams(params: JsonSchema | undefined, from: string, to: string): JsonSchema | undefined {
  const names = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
  const [before, after] = [names(from), names(to)];
  if (!params || before.join() === after.join()) return params;
  const rename = (name: string) => after[before.indexOf(name)] ?? name;
  const properties = Object.fromEntries(Object.entries((params.properties ?? {}) as JsonSchema).map(([name, schema]) => [rename(name), schema]));
  const required = ((params.required ?? []) as string[]).map(rename);
  return { ...params, properties, required };
}

/**
 * Turns one registered route into its operation: the zod schemas become JSON Schema 2020-12 (via
 * fastify-type-provider-zod), and the facts every route shares are added: the error responses of
 * authentication, rate limiting and validation, the security requirement, a tag, an operation id,
 * and `x-extension` for operations the real API does not have.
 */
export function createRouteTransform(where: { downloadBaseUrl: string }): SwaggerTransform {
  const fromZod = createJsonSchemaTransform({ skipList: [] });
  return (input) => {
    const route = input.route as RouteOptions;
    const docs = route.config?.docs ?? {};
    const transformed = fromZod({ ...input, schema: input.schema ?? {} }) as { schema: FastifySchema & JsonSchema; url: string };
    const schema = transformed.schema;
    if (schema.hide) return transformed;

    const url = docs.path ?? input.url;
    const auth = route.config?.auth ?? 'any';
    const method = [route.method].flat()[0];
    const declared = (schema.response ?? {}) as Record<string, JsonSchema>;
    const responses: Record<string, ResponseObject> = {};
    for (const [status, response] of Object.entries(declared)) responses[status] = responseObject(status, response);
    const shared = sharedErrorResponses({ auth, hasPathParams: url.includes(':') });
    for (const fact of shared) responses[fact.status] ??= errorResponse(fact.description);
    // Every error is the one error object, whatever schema a route declared it with.
    for (const [status, response] of Object.entries(responses)) {
      if (Number(status) >= 400) responses[status] = errorResponse(response.description);
    }

    const documented: JsonSchema = {
      ...schema,
      params: renameParams(schema.params as JsonSchema | undefined, input.url, url),
      ...(docs.formBody && { body: docs.formBody }),
      response: responses,
      security: securityOf(auth),
      tags: schema.tags ?? [tagOf(url)],
      operationId: schema.operationId ?? operationIdOf(method, openApiPathOf(url)),
      ...(docs.extension && { 'x-extension': docs.extension }),
      ...(docs.downloadHost && { servers: [{ url: where.downloadBaseUrl, description: 'The download host (DOWNLOAD_BASE_URL)' }] }),
    };
    if (!documented.params) delete documented.params;
    return { schema: documented as FastifySchema, url };
  };
}
