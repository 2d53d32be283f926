/**
 * How a fault names an operation: its path template with the parameters left unnamed, so the API
 * reference's `/v1/loyalties/{campaignId}/members` and the router's `/v1/loyalties/:campaignId/members`
 * are one key (`/v1/loyalties/{}/members`), whatever each calls its parameters.
 */
export function routeKeyOf(template: string): string {
  const key = template
    .split('/')
    .map((part) => (/^\{[^}]*\}$/.test(part) || part.startsWith(':') ? '{}' : part))
    .join('/');
  return key.length > 1 ? key.replace(/\/$/, '') : key;
}

/** Paths a fault never meets: the local controls themselves, so a test can always list and clear its faults. */
export function isFaultProof(routeUrl: string): boolean {
  return routeUrl.startsWith('/_local/');
}

export interface FaultTarget {
  method: string | null;
  /** A route key (`routeKeyOf`), or null for every operation. */
  path: string | null;
}

/** Whether a fault aimed at `target` meets a request of `method` to the route `routeKey`; HEAD is GET's, as the router serves it. */
export function faultAimsAt(target: FaultTarget, method: string, routeKey: string): boolean {
  if (target.method !== null && target.method !== method && !(target.method === 'GET' && method === 'HEAD')) return false;
  return target.path === null || target.path === routeKey;
}
