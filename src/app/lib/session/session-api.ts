import { errorObjectSchema } from '../../../contract/error';
import type { z } from 'zod';
import { csrfHeaderName, staffDirectorySchema, staffSessionSchema, type SignInRequest, type StaffDirectory, type StaffSession } from '../../../contract/staff-session';
import { ApiRequestError } from '../api-error';
import { csrfToken } from './csrf';

/** The proxy's own `/auth/*` endpoints (not forwarded to the API): who is signed in, sign-in, sign-out, staff names. */
async function authRequest<S extends z.ZodType>(path: string, schema: S, init: { method: 'GET' | 'POST'; body?: unknown } = { method: 'GET' }): Promise<z.output<S>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.method === 'POST') {
    headers['content-type'] = 'application/json';
    const token = csrfToken();
    if (token) headers[csrfHeaderName] = token;
  }
  let response: Response;
  try {
    response = await fetch(path, { method: init.method, headers, body: init.method === 'POST' ? JSON.stringify(init.body ?? {}) : undefined, credentials: 'same-origin' });
  } catch (cause) {
    throw new ApiRequestError({
      code: 0,
      key: 'network_error',
      message: 'The dashboard server did not answer',
      details: `${init.method} ${path} failed (${cause instanceof Error ? cause.message : String(cause)})`,
    });
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = errorObjectSchema.safeParse(payload);
    throw new ApiRequestError(error.success ? error.data : { code: response.status, key: 'http_error', message: `${init.method} ${path} answered ${response.status}` }, response.status);
  }
  return schema.parse(payload);
}

/** GET /auth/session; in demo mode a first visit is signed in on the way. */
export const getSession = (): Promise<StaffSession> => authRequest('/auth/session', staffSessionSchema);
export const signIn = (body: SignInRequest): Promise<StaffSession> => authRequest('/auth/sign-in', staffSessionSchema, { method: 'POST', body });
export const demoSignIn = (): Promise<StaffSession> => authRequest('/auth/demo-sign-in', staffSessionSchema, { method: 'POST' });
export const signOut = (): Promise<StaffSession> => authRequest('/auth/sign-out', staffSessionSchema, { method: 'POST' });
/** GET /auth/staff: every staff account's id and username, to name who did something. */
export const getStaffDirectory = (): Promise<StaffDirectory> => authRequest('/auth/staff', staffDirectorySchema);
