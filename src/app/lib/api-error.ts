import type { ErrorObject } from '../../contract/error';

/**
 * Kept apart from api-client (no zod here) so the entry bundle's query client can recognise API
 * errors without loading the schema library.
 */

/**
 * A failed API call, carrying the service's error object (SERVICE_SPEC §2.7) so the page can show
 * its `message` and `details` next to the field they concern. Failures that never reached the
 * service (network down, a non-JSON gateway page, an unexpected body) get an error object of the
 * same shape, with a key of their own, so every error renders the same way.
 */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly error: ErrorObject;

  constructor(error: ErrorObject, status: number = error.code) {
    super(error.details ? `${error.message}: ${error.details}` : error.message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.error = error;
  }

  get key(): string | undefined {
    return this.error.key;
  }
}

/** The error object to show for anything thrown: the API's own, or one describing the failure. */
export function errorObjectOf(error: unknown): ErrorObject {
  if (error instanceof ApiRequestError) return error.error;
  if (looksLikeErrorObject(error)) return error;
  if (error instanceof Error) return { code: 0, key: 'client_error', message: error.message || error.name, details: error.name !== 'Error' ? error.name : undefined };
  return { code: 0, key: 'client_error', message: String(error) };
}

function looksLikeErrorObject(value: unknown): value is ErrorObject {
  return typeof value === 'object' && value !== null && typeof (value as ErrorObject).code === 'number' && typeof (value as ErrorObject).message === 'string';
}
