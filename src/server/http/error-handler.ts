import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorObject } from '../../contract/error';
import { ApiError } from '../lib/api-error';
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

function toErrorObject(error: FastifyError | ApiError, request: FastifyRequest): ErrorObject {
  const base = { request_id: request.id };
  if (error instanceof ApiError) {
    return {
      code: error.code,
      message: error.message,
      key: error.key,
      ...(error.details !== undefined && { details: error.details }),
      ...base,
      ...(error.resource && { resource_id: error.resource.id, resource_type: error.resource.type }),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const inQuery = error.validationContext === 'querystring' || error.validationContext === 'params';
    const input = error.validationContext === 'querystring' ? request.query : error.validationContext === 'params' ? request.params : request.body;
    const details = error.validation.map((issue) => describeValidationIssue(issue, input)).join('; ');
    return inQuery
      ? { code: 400, key: 'invalid_query_params', message: 'Invalid query params', details, ...base }
      : { code: 400, key: 'invalid_payload', message: 'Invalid payload', details, ...base };
  }
  const known = error.code ? fastifyClientErrors[error.code] : undefined;
  if (known) return { ...known, details: error.message, ...base };
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    // JSON parse errors and other client faults Fastify raises with a status of its own.
    const key = error instanceof SyntaxError || /JSON/i.test(error.message) ? 'invalid_json' : 'bad_request';
    return { code: error.statusCode, key, message: key === 'invalid_json' ? 'Invalid JSON' : 'Bad Request', details: error.message, ...base };
  }
  return { code: 500, key: 'internal_error', message: 'Internal Server Error', details: 'The service failed to handle the request; quote the request_id to support.', ...base };
}

/** One handler for every non-2xx response: the body is always the error object of SERVICE_SPEC §2.7. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
    const body = toErrorObject(error, request);
    if (body.code >= 500) request.log.error({ err: error }, 'request failed');
    if (error instanceof ApiError && error.headers) void reply.headers(error.headers);
    return reply.status(body.code).send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    const body: ErrorObject = {
      code: 404,
      message: 'Resource not found',
      key: 'not_found',
      details: `Cannot ${request.method} ${request.url.split('?')[0]}`,
      request_id: request.id,
    };
    return reply.status(404).send(body);
  });
}
