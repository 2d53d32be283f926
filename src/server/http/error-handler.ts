import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorObject } from '../../contract/error';
import { maxCardPoints } from '../../contract/common';
import { goneReference, unstorableValue, violatedCheck } from '../../platform/db/errors';
import type { RouteAuth } from '../auth/principal';
import { ApiError } from '../lib/api-error';
import { authOfUnbuilt, notImplemented } from './not-implemented';
import type { PublishedOperationIndex } from './published-operation-index';
import type { RouteCatalog } from './route-catalog';
import { describeValidationIssue } from './validation-details';

/** Fastify's own error codes that are the client's fault, with the error object they become. */
const fastifyClientErrors: Record<string, { code: number; key: string; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 415, key: 'unsupported_media_type', message: 'Unsupported Media Type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 400, key: 'invalid_payload', message: 'Invalid payload' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 413, key: 'payload_too_large', message: 'Payload too large' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 400, key: 'invalid_payload', message: 'Invalid payload' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 400, key: 'invalid_json', message: 'Invalid JSON' },
  FST_ERR_CTP_EMPTY_TYPE: { code: 415, key: 'unsupported_media_type', message: 'Unsupported Media Type' },
  FST_ERR_CTP_INVALID_TYPE: { code: 415, key: 'unsupported_media_type', message: 'Unsupported Media Type' },
};

/** The error object of an ApiError, as every answer carries it. */
export function errorObjectOf(error: ApiError, requestId: string): ErrorObject {
  return {
    code: error.code,
    message: error.message,
    key: error.key,
    ...(error.details !== undefined && { details: error.details }),
    request_id: requestId,
    ...(error.resource && { resource_id: error.resource.id, resource_type: error.resource.type }),
    ...(error.related && { related_object_ids: error.related.ids, related_object_type: error.related.type, related_object_total: error.related.ids.length }),
  };
}

/** What a request the service failed to handle answers. */
export const internalError = () => new ApiError(500, 'internal_error', 'Internal Server Error', 'The service failed to handle the request; quote the request_id to support.');

function toErrorObject(error: FastifyError | ApiError, request: FastifyRequest): ErrorObject {
  const base = { request_id: request.id };
  if (error instanceof ApiError) return errorObjectOf(error, request.id);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const inQuery = error.validationContext === 'querystring' || error.validationContext === 'params';
    const input = error.validationContext === 'querystring' ? request.query : error.validationContext === 'params' ? request.params : request.body;
    const details = error.validation.map((issue) => describeValidationIssue(issue, input)).join('; ');
    return inQuery
      ? { code: 400, key: 'invalid_query_params', message: 'Invalid query params', details, ...base }
      : { code: 400, key: 'invalid_payload', message: 'Invalid payload', details, ...base };
  }
  // The database's own bound on a card's points (schema: vouchers_points_limit), held on every path that moves them.
  if (violatedCheck(error) === 'vouchers_points_limit') {
    return { code: 400, key: 'invalid_payload', message: 'Invalid payload', details: `Property .points: the card would hold more than ${maxCardPoints} points, the most a card holds (README, "Limits")`, ...base };
  }
  if (unstorableValue(error)) {
    return { code: 400, key: 'invalid_payload', message: 'Invalid payload', details: 'A value in the request is too large or cannot be stored', ...base };
  }
  // A program or card deleted (Delete Loyalty Campaign) while this request was writing something that names it: it is gone, as a later request would hear.
  const gone = goneReference(error);
  if (gone) {
    const params = (request.params ?? {}) as Record<string, string | undefined>;
    const id = (gone === 'campaign' ? params.campaignId : params.memberId) ?? 'unknown';
    return { code: 404, key: 'not_found', message: 'Resource not found', details: `Cannot find ${gone} with id ${id}`, ...base, resource_id: id, resource_type: gone };
  }
  const known = error.code ? fastifyClientErrors[error.code] : undefined;
  if (known) return { ...known, details: error.message, ...base };
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    // JSON parse errors and other client faults Fastify raises with a status of its own.
    const key = error instanceof SyntaxError || /JSON/i.test(error.message) ? 'invalid_json' : 'bad_request';
    return { code: error.statusCode, key, message: key === 'invalid_json' ? 'Invalid JSON' : 'Bad Request', details: error.message, ...base };
  }
  return errorObjectOf(internalError(), request.id);
}

/** Errors the router raises before any route runs (a URL it cannot decode, a path parameter over the length limit). */
export function frameworkErrorReply(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const body: ErrorObject = tooLong
    ? { code: 414, key: 'uri_too_long', message: 'URI Too Long', details: 'A path parameter is longer than 500 characters', request_id: request.id }
    : { code: 400, key: 'invalid_url', message: 'Bad Request', details: 'The URL cannot be decoded', request_id: request.id };
  void reply.header('x-request-id', request.id);
  return reply.status(body.code).send(body);
}

/** The contract's operations this service does not serve: found by the not-found handler, answered 501 once the caller is admitted. */
export interface UnbuiltOperations {
  index: PublishedOperationIndex;
  /** Checks the caller as a served operation of `routePath` would (credentials, scope, rate limit), or throws its error. */
  admit(request: FastifyRequest, reply: FastifyReply, auth: Exclude<RouteAuth, 'public'>, routePath: string): Promise<void>;
}

/**
 * One handler for every non-2xx response: the body is always the error object of SERVICE_SPEC §2.7.
 * For a request no route took: a route of that method that found nothing is a 404; an operation of
 * the published contract not served here a 501 naming it; another method of a known path a 405
 * naming the allowed ones; anything else a 404.
 */
export function installErrorHandling(app: FastifyInstance, catalog?: RouteCatalog, unbuilt?: UnbuiltOperations): void {
  app.setErrorHandler((error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
    const body = toErrorObject(error, request);
    if (body.code >= 500 && body.code !== 501) request.log.error({ err: error }, 'request failed');
    // Input the edge checks let through to the database: visible in the logs, a 400 to the client.
    else if (unstorableValue(error) || violatedCheck(error)) request.log.warn({ err: error }, 'database refused a value');
    if (error instanceof ApiError && error.headers) void reply.headers(error.headers);
    return reply.status(body.code).send(body);
  });
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    const allowed = catalog?.allowedMethods(path) ?? [];
    // A route that takes this method and found nothing (a file under /docs/static/ that is not there) is a 404.
    const routed = allowed.includes(request.method);
    const operation = routed ? undefined : unbuilt?.index.find(request.method, path);
    if (operation && unbuilt) {
      const auth = authOfUnbuilt(operation);
      if (auth !== 'public') await unbuilt.admit(request, reply, auth, operation.path);
      throw notImplemented(operation);
    }
    if (allowed.length > 0 && !routed) {
      void reply.header('allow', allowed.join(', '));
      return reply.status(405).send({
        code: 405,
        message: 'Method Not Allowed',
        key: 'method_not_allowed',
        details: `${request.method} is not allowed on ${path}; use ${allowed.join(', ')}`,
        request_id: request.id,
      } satisfies ErrorObject);
    }
    const body: ErrorObject = {
      code: 404,
      message: 'Resource not found',
      key: 'not_found',
      details: `Cannot ${request.method} ${path}`,
      request_id: request.id,
    };
    return reply.status(404).send(body);
  });
}
