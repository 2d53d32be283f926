import swagger, { type SwaggerTransformObject } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorObjectSchema } from '../../../contract/error';
import { oauthScopes } from '../../../contract/oauth';
import { createRouteTransform } from './route-transform';

export interface DocumentSettings {
  publicBaseUrl: string;
  downloadBaseUrl: string;
  /** Whether /_local/ operations are served (LOCAL_CONTROL), said in the description. */
  localControl: boolean;
}

const description = `The loyalty and promotion API this service implements: the real API's paths, bodies, status codes and error objects, so its SDKs and clients work unchanged.

Generated from the service's own route table and zod schemas, so it lists exactly what this service answers. Operations the real API does not have carry \`x-extension\` with the reason.

Authenticate with the project's key pair (\`X-App-Id\` and \`X-App-Token\` headers) or an OAuth 2.0 bearer token from \`POST /v1/oauth/token\`. Every error is the error object (\`code\`, \`message\`, \`key\`, \`details\`, \`request_id\`). Beside the responses listed per operation, any request may answer 405 (another method; \`Allow\` names the right ones), 413 (body over 2 MiB), 414 (a path parameter over 500 characters), 415 (a body other than JSON or, for OAuth, a form), 431 (headers over 16 KiB) and 500, all as the error object.

Operations of the real API's published contract that are not listed here answer 501 \`not_implemented\`, naming the operation (method, path template, operation id), after the credentials any operation of their path asks for; a path the real API does not have answers 404.`;

/** zod writes `z.number().int()` as ±(2^53 − 1) bounds: true, but noise in a reference; an integer says as much. */
function withoutSafeIntegerBounds<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withoutSafeIntegerBounds) as T;
  if (!node || typeof node !== 'object') return node;
  const entries = Object.entries(node).filter(
    ([key, value]) => !((key === 'minimum' && value === Number.MIN_SAFE_INTEGER) || (key === 'maximum' && value === Number.MAX_SAFE_INTEGER)),
  );
  return Object.fromEntries(entries.map(([key, value]) => [key, withoutSafeIntegerBounds(value)])) as T;
}

/** The document-level parts: where the service is, how to authenticate, and the components zod schemas register. */
function openApiBase(settings: DocumentSettings) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Loyalty platform API',
      version: '1.0.0',
      description: settings.localControl
        ? `${description}\n\nLOCAL_CONTROL is on: the \`/_local/\` operations (the project clock, reset, snapshots, faults) are served, and a fault set through \`/_local/faults\` may answer any operation 429, 500, 502, 503 or 504 (as the error object), or no answer at all.`
        : description,
    },
    components: {
      securitySchemes: {
        'X-App-Id': { type: 'apiKey' as const, name: 'X-App-Id', in: 'header' as const, description: 'The application id of a project API key.' },
        'X-App-Token': { type: 'apiKey' as const, name: 'X-App-Token', in: 'header' as const, description: 'The secret of that API key.' },
        'X-Management-Id': { type: 'apiKey' as const, name: 'X-Management-Id', in: 'header' as const, description: 'The id of a management key pair (`npm run keys -- create-management`): the Management API.' },
        'X-Management-Token': { type: 'apiKey' as const, name: 'X-Management-Token', in: 'header' as const, description: 'The secret of that management key.' },
        bearerAuth: {
          type: 'http' as const,
          scheme: 'bearer',
          description: `An access token from POST /v1/oauth/token (15 minutes). Its scope opens paths: ${oauthScopes.length} values, e.g. \`api\` (everything server-side), \`loyalties\` (/v1/loyalties…).`,
        },
      },
    },
  };
}

/**
 * Registers @fastify/swagger, which records every route registered after it: call before the
 * route areas. The document is built on first read, so routes added later (and the base URLs the
 * test harness sets after listening) are in it.
 */
export async function registerOpenApiDocument(app: FastifyInstance, settings: DocumentSettings): Promise<void> {
  await app.register(swagger, {
    openapi: openApiBase(settings),
    transform: createRouteTransform(settings),
    transformObject: (documentObject): ReturnType<SwaggerTransformObject> => {
      const document = withoutSafeIntegerBounds(jsonSchemaTransformObject(documentObject)) as { components?: { schemas?: Record<string, unknown> } };
      const { $schema: _, ...errorObject } = z.toJSONSchema(errorObjectSchema, { target: 'draft-2020-12', io: 'output' }) as Record<string, unknown>;
      return {
        ...document,
        servers: [{ url: settings.publicBaseUrl, description: 'This service (PUBLIC_BASE_URL)' }],
        components: { ...document.components, schemas: { ...document.components?.schemas, ErrorObject: { ...errorObject, description: 'The body of every 4xx and 5xx response.' } } },
      } as ReturnType<SwaggerTransformObject>;
    },
  });
}
