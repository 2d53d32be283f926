import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Who the dashboard user is, when the proxy calls our service: `X-Dashboard-User: <user id>.<epoch
 * seconds>.<HMAC-SHA256>` over the user, the time, the method and the exact path+query. The key is
 * shared through the database (service_settings `dashboard_user_key`) or DASHBOARD_USER_SECRET, so
 * an API client holding only a key pair cannot claim to be a dashboard user, and a captured header
 * replays only for the same call within five minutes.
 */
export const dashboardUserHeader = 'x-dashboard-user';
const maxAgeSeconds = 300;

function mac(key: Buffer, userId: string, at: number, method: string, path: string): Buffer {
  return createHmac('sha256', key).update(`${userId}\n${at}\n${method.toUpperCase()}\n${path}`).digest();
}

export function signDashboardUser(key: Buffer, userId: string, method: string, path: string, now: Date): string {
  const at = Math.floor(now.getTime() / 1000);
  return `${userId}.${at}.${mac(key, userId, at, method, path).toString('base64url')}`;
}

/** The user id the header proves, or undefined (absent, malformed, stale or forged). */
export function verifyDashboardUser(key: Buffer, value: string | undefined, method: string, path: string, now: Date): string | undefined {
  if (!value || value.length > 300) return undefined;
  const [userId, atText, signature, ...rest] = value.split('.');
  if (!userId || !atText || !signature || rest.length > 0 || !/^[A-Za-z0-9_]+$/.test(userId)) return undefined;
  const at = Number(atText);
  if (!Number.isInteger(at) || Math.abs(now.getTime() / 1000 - at) > maxAgeSeconds) return undefined;
  const expected = mac(key, userId, at, method, path);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The dashboard user the proxy vouches for (see dashboard-user.ts); null for other API clients. */
    dashboardUser: string | null;
  }
}
