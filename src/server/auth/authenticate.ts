import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../platform/db/client';
import { scopesAllow, scopesOpening } from '../domain/scopes';
import { ApiError, unauthorized } from '../lib/api-error';
import { authenticateBearer, bearerTokenOf, type ProjectTimeOf } from './bearer';
import { authenticateKeyPair } from './key-pair';
import { authenticateManagementKey } from './management-key';
import type { Principal, RouteAuth } from './principal';

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function missingScope(principal: Principal, method: string, routePath: string): ApiError {
  const opening = scopesOpening(routePath);
  return new ApiError(
    403,
    'missing_required_permission',
    'Missing permission',
    `${method} ${routePath} needs a token with scope ${opening.map((s) => `'${s}'`).join(' or ')}; this token has '${principal.scopes?.join(' ')}'`,
  );
}

/**
 * Decides who calls a route, or throws 401/403 as the error object.
 *
 * - `key` routes (the OAuth operations, `/_local/*`) need the key pair; a bearer token alone is not enough.
 * - `any` routes take the key pair, or `Authorization: Bearer <token>`, or both.
 * - On both, a key pair with an Authorization header beside it: each must be valid and of the same
 *   project, and the token's scope limits the call: the bearer never widens what a request may do,
 *   and a key pair beside it never lifts the token's scope. A `key` route acts for the key pair
 *   (a token issued there belongs to it), an `any` route for the token.
 * - `management` routes (the Management API) take the management key pair only.
 * - A bearer principal must hold a scope whose path prefix covers the route (SERVICE_SPEC §5).
 */
export async function authenticate(
  db: DbOrTx,
  request: FastifyRequest,
  mode: Exclude<RouteAuth, 'public'>,
  /** The time of a project and real time: a bearer token expires by both. */
  timeOf: ProjectTimeOf,
  /** The path template a bearer's scope must open: the route's, or the contract's for an operation not built here. */
  routePath: string = request.routeOptions.url ?? request.url,
): Promise<Principal> {
  if (mode === 'management') {
    const id = header(request, 'x-management-id');
    const token = header(request, 'x-management-token');
    if (!id || !token) throw unauthorized('This operation needs the X-Management-Id and X-Management-Token headers');
    return authenticateManagementKey(db, id, token);
  }
  const appId = header(request, 'x-app-id');
  const appToken = header(request, 'x-app-token');
  const authorization = header(request, 'authorization');

  if (authorization === undefined) {
    if (appId && appToken) return authenticateKeyPair(db, appId, appToken, request.ip);
    if (mode === 'key') throw unauthorized('This operation needs the X-App-Id and X-App-Token headers');
    throw unauthorized('Provide the X-App-Id and X-App-Token headers or an Authorization: Bearer token');
  }
  if (mode === 'key' && !(appId && appToken)) throw unauthorized('This operation needs the X-App-Id and X-App-Token headers');
  if (Boolean(appId) !== Boolean(appToken)) throw unauthorized('Send both X-App-Id and X-App-Token beside the bearer token, or neither');

  const keyPair = appId && appToken ? await authenticateKeyPair(db, appId, appToken, request.ip) : undefined;
  const bearer = await authenticateBearer(db, bearerTokenOf(authorization), request.ip, timeOf);
  if (keyPair && keyPair.projectId !== bearer.projectId) {
    throw unauthorized('The bearer token and the X-App-Id key belong to different projects');
  }
  if (!scopesAllow(bearer.scopes ?? [], routePath)) throw missingScope(bearer, request.method, routePath);
  return mode === 'key' && keyPair ? keyPair : bearer;
}
