import type { RouteAuth } from '../auth/principal';
import { ApiError } from '../lib/api-error';
import type { PublishedOperation } from './published-operations';

/**
 * 501 `not_implemented`: an operation of the real API this service does not serve yet, named by
 * method, path template, operation id and contract file, so a client tells "not built here" from
 * "that resource does not exist" (404).
 */
export function notImplemented(operation: PublishedOperation): ApiError {
  return new ApiError(
    501,
    'not_implemented',
    'Not Implemented',
    `${operation.method} ${operation.path} (operationId ${operation.operationId}, ${operation.file}) is an operation of the real API that this service does not implement yet`,
  );
}

/**
 * The credentials an unbuilt operation asks for before its 501, as a served operation of its path
 * would: the Management API's a management key pair; the client-side API's none, since this service
 * has no client-side keys to check and a 401 would blame the caller's keys; every other (/v1, /v2)
 * the key pair or a bearer token whose scope opens the path.
 */
export function authOfUnbuilt(operation: PublishedOperation): RouteAuth {
  if (operation.path.startsWith('/management/')) return 'management';
  if (operation.path.startsWith('/client/')) return 'public';
  return 'any';
}
