import { isOAuthScope, type OAuthScope, oauthScopeNames } from '../../contract/oauth';

/**
 * Which scopes open which paths (SERVICE_SPEC §5): each scope gives access to every endpoint and
 * method whose path starts with its prefix. `api` is the whole server-side API, `client_api` the
 * whole client-side API (`/client/v1`), `client_<x>` is `/client/v1/<x>`, any other `<x>` is
 * `/v1/<x>` and, for the v2 areas (Get Earning Rule lives under `/v2/loyalties`), `/v2/<x>`.
 * Prefixes match whole path segments, so `validation-rules` never opens `/v1/validation-rules-assignments`.
 */
export function scopePrefixes(scope: OAuthScope): string[] {
  if (scope === 'client_api') return ['/client/v1'];
  if (scope.startsWith('client_')) return [`/client/v1/${scope.slice('client_'.length)}`];
  return [`/v1/${scope}`, `/v2/${scope}`];
}

function isClientSide(path: string): boolean {
  return path === '/client' || path.startsWith('/client/');
}

function underPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** True when one of `scopes` opens `path` (a route path such as `/v1/loyalties/:campaignId/members`). */
export function scopeAllows(scope: OAuthScope, path: string): boolean {
  if (scope === 'api') return !isClientSide(path);
  return scopePrefixes(scope).some((prefix) => underPrefix(path, prefix));
}

/** Every scope that would open `path`, broadest first: what a 403 names. */
export function scopesOpening(path: string): OAuthScope[] {
  return oauthScopeNames.filter((scope) => scopeAllows(scope, path));
}

export function scopesAllow(scopes: readonly OAuthScope[], path: string): boolean {
  return scopes.some((scope) => scopeAllows(scope, path));
}

export type ParsedScope = { kind: 'missing' } | { kind: 'invalid'; offending: string[] } | { kind: 'ok'; scopes: OAuthScope[] };

/**
 * The `scope` form field: values separated by spaces, never commas (a comma makes the value
 * unknown, and it is echoed back as the API does: "Invalid scope: vouchers,campaigns").
 * Repeated values are granted once, in the order first asked.
 */
export function parseScopeParameter(raw: string | undefined): ParsedScope {
  const values = (raw ?? '').split(' ').filter((v) => v.length > 0);
  if (values.length === 0) return { kind: 'missing' };
  const offending = values.filter((v) => !isOAuthScope(v));
  if (offending.length > 0) return { kind: 'invalid', offending: [...new Set(offending)] };
  return { kind: 'ok', scopes: [...new Set(values)] as OAuthScope[] };
}

/** Stored scopes (space-separated) back to values; unknown ones (a scope list that shrank) are dropped. */
export function storedScopes(stored: string): OAuthScope[] {
  return stored.split(' ').filter(isOAuthScope);
}
