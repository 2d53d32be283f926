import { formatValidationDetail } from '../../contract/validation-details';

/** The one error type of the service; the error handler turns it into the error object (SERVICE_SPEC §2.7). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly key: string,
    message: string,
    readonly details?: string,
    readonly resource?: { id: string; type: string },
    readonly headers?: Record<string, string>,
    /** The resources that keep this one from changing (400 resource_in_use): `related_object_ids` and `related_object_type`. */
    readonly related?: { ids: string[]; type: string },
  ) {
    super(message);
  }
}

/** The real API's refusal to delete a resource others still use (openapi-spend ResourceInUseError). */
export function resourceInUse(resourceType: string, resourceId: string, related: { ids: string[]; type: string }): ApiError {
  return new ApiError(
    400,
    'resource_in_use',
    'Resource in use',
    `Resource ${resourceType} with id ${resourceId} is in use by ${related.type}s with ids [${related.ids.join(', ')}]`,
    undefined,
    undefined,
    related,
  );
}

export function notFound(resourceType: string, resourceId: string, details?: string): ApiError {
  return new ApiError(404, 'not_found', 'Resource not found', details ?? `Cannot find ${resourceType} with id ${resourceId}`, {
    id: resourceId,
    type: resourceType,
  });
}

export function invalidPayload(details: string): ApiError {
  return new ApiError(400, 'invalid_payload', 'Invalid payload', details);
}

export function invalidQuery(details: string): ApiError {
  return new ApiError(400, 'invalid_query_params', 'Invalid query params', details);
}

/** 400 `invalid_payload` naming the body field at `path`, in the one format of validation details (src/contract). */
export function invalidPayloadAt(path: readonly (string | number)[], message: string): ApiError {
  return invalidPayload(formatValidationDetail({ kind: 'invalid', path: path.map(String), message }));
}

/** 400 `invalid_query_params` naming the query parameter at `path`. */
export function invalidQueryAt(path: readonly (string | number)[], message: string): ApiError {
  return invalidQuery(formatValidationDetail({ kind: 'invalid', path: path.map(String), message }));
}

export function unauthorized(details?: string): ApiError {
  return new ApiError(401, 'unauthorized', 'Unauthorized', details);
}
