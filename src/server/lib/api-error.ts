/** The one error type of the service; the error handler turns it into the error object (SERVICE_SPEC §2.7). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly key: string,
    message: string,
    readonly details?: string,
    readonly resource?: { id: string; type: string },
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
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

export function unauthorized(details?: string): ApiError {
  return new ApiError(401, 'unauthorized', 'Unauthorized', details);
}
