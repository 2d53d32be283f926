import { z } from 'zod';
import { errorObjectSchema } from '../../contract/error';
import { csrfHeaderName } from '../../contract/staff-session';
import { ApiRequestError } from './api-error';
import { announceSessionEnded, csrfToken } from './session/csrf';

export { ApiRequestError, errorObjectOf } from './api-error';

/** Every call of the dashboard goes to the same origin under /api; the proxy adds the keys (docs/architecture.md). */
export const apiBase = '/api';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as application/x-www-form-urlencoded (the OAuth operations take form bodies). */
  form?: Record<string, string>;
  signal?: AbortSignal;
}

/** `/api` + path + query string; undefined and null query values are left out. */
export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) if (item !== undefined && item !== null) search.append(name, String(item));
  }
  const qs = search.toString();
  return `${apiBase}${path.startsWith('/') ? path : `/${path}`}${qs ? `?${qs}` : ''}`;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Calls `/api{path}` and returns the body parsed by `schema`. Throws `ApiRequestError` for any
 * non-2xx answer, an unreachable server, or a body that does not match the schema.
 */
export async function apiRequest<S extends z.ZodType>(path: string, schema: S, options: RequestOptions = {}): Promise<z.output<S>> {
  const method = options.method ?? (options.body === undefined && options.form === undefined ? 'GET' : 'POST');
  const url = apiUrl(path, options.query);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  // The proxy refuses state-changing calls without the session's CSRF token (see lib/session/csrf).
  const csrf = method === 'GET' ? undefined : csrfToken();
  if (csrf) headers[csrfHeaderName] = csrf;
  if (options.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.form !== undefined ? new URLSearchParams(options.form).toString() : options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (cause) {
    // A cancelled query is not an error to show; React Query handles the abort itself.
    if (options.signal?.aborted) throw cause;
    throw new ApiRequestError({
      code: 0,
      key: 'network_error',
      message: 'The dashboard server did not answer',
      details: `${method} ${url} failed (${cause instanceof Error ? cause.message : String(cause)}). Check that the server is running and the network is up.`,
    });
  }

  const text = await response.text();
  const payload = parseJson(text);

  if (!response.ok) {
    const parsed = errorObjectSchema.safeParse(payload);
    if (parsed.success && parsed.data.key === 'session_required') announceSessionEnded();
    if (parsed.success) throw new ApiRequestError(parsed.data, response.status);
    throw new ApiRequestError(
      {
        code: response.status,
        key: 'http_error',
        message: `${method} ${url} answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
        details: text ? text.slice(0, 500) : 'The response had no body.',
        request_id: response.headers.get('x-request-id') ?? undefined,
      },
      response.status,
    );
  }

  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiRequestError(
      {
        code: response.status,
        key: 'unexpected_response',
        message: `${method} ${url} answered in a shape the dashboard does not understand`,
        details: z.prettifyError(parsed.error),
        request_id: response.headers.get('x-request-id') ?? undefined,
      },
      response.status,
    );
  }
  return parsed.data;
}
