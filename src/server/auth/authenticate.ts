import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';
import { unauthorized } from '../lib/api-error';
import { authenticateKeyPair } from './key-pair';
import type { Principal, RouteAuth } from './principal';

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Decides who calls a route, or throws 401/403 as the error object. */
export async function authenticate(db: DbOrTx, request: FastifyRequest, mode: Exclude<RouteAuth, 'public'>): Promise<Principal> {
  const appId = header(request, 'x-app-id');
  const appToken = header(request, 'x-app-token');
  if (appId && appToken) return authenticateKeyPair(db, appId, appToken, request.ip);
  if (mode === 'key') throw unauthorized('This operation needs the X-App-Id and X-App-Token headers');
  throw unauthorized('Provide the X-App-Id and X-App-Token headers');
}
