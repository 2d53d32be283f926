/**
 * The method + path pairs the dashboard calls (paths as the upstream sees them, without `/api`).
 * Anything else is a 404 from the proxy: the browser cannot reach the rest of the API with our keys.
 */
const segment = '[^/?#]+';

export const allowedRoutes: { method: string; path: RegExp }[] = [
  { method: 'GET', path: /^\/v1\/loyalties$/ },
  { method: 'GET', path: new RegExp(`^/v1/loyalties/${segment}$`) },
  { method: 'GET', path: new RegExp(`^/v1/loyalties/${segment}/members$`) },
  { method: 'POST', path: new RegExp(`^/v1/loyalties/${segment}/members$`) },
  { method: 'GET', path: new RegExp(`^/v1/loyalties/${segment}/members/${segment}$`) },
  { method: 'GET', path: new RegExp(`^/v1/loyalties/members/${segment}$`) },
  { method: 'POST', path: new RegExp(`^/v1/loyalties/${segment}/members/${segment}/transactions/export$`) },
  { method: 'POST', path: new RegExp(`^/v1/loyalties/members/${segment}/transactions/export$`) },
  { method: 'GET', path: /^\/v1\/exports$/ },
  // With ?token= this is the file download; without, the export object.
  { method: 'GET', path: new RegExp(`^/v1/exports/${segment}$`) },
  { method: 'GET', path: /^\/v1\/publications$/ },
  // Tokens page: issue, introspect and revoke OAuth tokens (form-encoded bodies, forwarded as-is).
  { method: 'POST', path: /^\/v1\/oauth\/token$/ },
  { method: 'POST', path: /^\/v1\/oauth\/introspect$/ },
  { method: 'POST', path: /^\/v1\/oauth\/token\/revoke$/ },
  { method: 'GET', path: new RegExp(`^/v1/assets/(qr|barcode)/${segment}$`) },
  { method: 'GET', path: /^\/v1\/locations$/ },
  { method: 'GET', path: new RegExp(`^/v1/locations/${segment}$`) },
  { method: 'POST', path: /^\/v1\/segments$/ },
  { method: 'POST', path: /^\/v1\/segments\/preview$/ },
  { method: 'GET', path: new RegExp(`^/v1/segments/${segment}$`) },
  { method: 'GET', path: /^\/v1\/customers$/ },
  // Earning rules and events pages: rules (v2), event schemas, firing events, a card's history.
  { method: 'GET', path: /^\/v2\/loyalties\/earning-rules$/ },
  { method: 'GET', path: new RegExp(`^/v2/loyalties/earning-rules/${segment}$`) },
  { method: 'GET', path: /^\/v1\/event-schemas$/ },
  { method: 'POST', path: /^\/v1\/events$/ },
  { method: 'GET', path: /^\/v1\/events$/ },
  { method: 'GET', path: new RegExp(`^/v1/loyalties/members/${segment}/transactions$`) },
  { method: 'GET', path: new RegExp(`^/v1/loyalties/${segment}/members/${segment}/transactions$`) },
];

export function isAllowed(method: string, path: string): boolean {
  return allowedRoutes.some((route) => route.method === method && route.path.test(path));
}
