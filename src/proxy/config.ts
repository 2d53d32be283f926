import { z } from 'zod';
import { defaultSessionPolicy, type SessionPolicy } from './auth/staff-auth';

const clusters: Record<string, string> = {
  api: 'https://api.voucherify.io',
  'us1.api': 'https://us1.api.voucherify.io',
  'as1.api': 'https://as1.api.voucherify.io',
};

const envSchema = z.object({
  PROXY_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3100),
  /** How browsers reach the local service (its API reference page is linked from the dashboard). */
  PUBLIC_BASE_URL: z.string().url().optional(),
  /** `local` (our service, the default), a cloud cluster (`api`, `us1.api`, `as1.api`) or a full URL. */
  UPSTREAM: z.string().default('local'),
  PROXY_APP_ID: z.string().optional(),
  PROXY_APP_TOKEN: z.string().optional(),
  /** The management key pair and its project, for Settings → Webhooks (the Management API); all three or none. */
  PROXY_MANAGEMENT_ID: z.string().min(1).optional(),
  PROXY_MANAGEMENT_TOKEN: z.string().min(1).optional(),
  PROXY_PROJECT_ID: z.string().min(1).optional(),
  DIST_DIR: z.string().default('./dist'),
  /** `on` serves the dashboard's source maps (built always, served only when asked for). */
  DASHBOARD_SOURCE_MAPS: z.enum(['on', 'off']).default('off'),
  /** `auto`: sign visitors in as DEMO_USER when the proxy runs on the embedded demo project's keys. */
  DEMO_SIGN_IN: z.enum(['auto', 'on', 'off']).default('auto'),
  DEMO_USER: z.string().trim().toLowerCase().min(1).default('demo'),
  /** `false` only behind plain HTTP on a host other than localhost, where browsers drop Secure cookies. */
  SESSION_COOKIE_SECURE: z.enum(['true', 'false']).default('true'),
  SIGN_IN_MAX_FAILURES: z.coerce.number().int().min(1).default(defaultSessionPolicy.maxFailures),
  SIGN_IN_LOCK_MINUTES: z.coerce.number().min(0).default(defaultSessionPolicy.lockMinutes),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(defaultSessionPolicy.idleMinutes),
  SESSION_MAX_HOURS: z.coerce.number().positive().default(defaultSessionPolicy.maxHours),
  /** The map tile URL template, for the CSP's img-src (the SPA reads VITE_TILE_URL at build time). */
  TILE_URL: z.string().optional(),
  VITE_TILE_URL: z.string().optional(),
});

export interface ProxyConfig {
  port: number;
  host: string;
  upstream: URL;
  upstreamIsLocal: boolean;
  appId?: string;
  appToken?: string;
  /**
   * The management key pair of the project the dashboard manages, and that project's id: the proxy
   * fills the project into the Management API's paths itself (the browser names it `current`).
   * Unset: Settings → Webhooks answers that the proxy is not set up for it.
   */
  management?: { projectId: string; id: string; token: string };
  distDir: string;
  /** Default false: the built source maps are not served. */
  serveSourceMaps?: boolean;
  /** `auto` is resolved by the caller (start.ts) into demoUser. */
  demoSignIn?: 'auto' | 'on' | 'off';
  /** The account demo mode signs visitors in as; undefined when demo mode is off. */
  demoUser?: string;
  demoUsername?: string;
  /** Default true. */
  cookieSecure?: boolean;
  sessionPolicy?: SessionPolicy;
  tileUrl?: string;
  /**
   * The service's API reference (/docs) at PUBLIC_BASE_URL, linked from the dashboard's help menu.
   * Only for the local upstream: against the cloud API the local service's document would describe
   * an API the dashboard is not using.
   */
  apiReferenceUrl?: string;
}

export function resolveUpstream(value: string, localPort: number): URL {
  if (value === 'local') return new URL(`http://127.0.0.1:${localPort}`);
  if (clusters[value]) return new URL(clusters[value]);
  try {
    return new URL(value);
  } catch {
    throw new Error(`UPSTREAM must be local, api, us1.api, as1.api or a URL; got '${value}'`);
  }
}

export function loadProxyConfig(env: NodeJS.ProcessEnv = process.env): ProxyConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid proxy configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  const e = parsed.data;
  const managementVars = [e.PROXY_MANAGEMENT_ID, e.PROXY_MANAGEMENT_TOKEN, e.PROXY_PROJECT_ID];
  if (managementVars.some(Boolean) && !managementVars.every(Boolean)) {
    throw new Error('Invalid proxy configuration:\n  PROXY_MANAGEMENT_ID, PROXY_MANAGEMENT_TOKEN and PROXY_PROJECT_ID go together: set all three or none');
  }
  return {
    port: e.PROXY_PORT,
    host: e.HOST,
    upstream: resolveUpstream(e.UPSTREAM, e.PORT),
    upstreamIsLocal: e.UPSTREAM === 'local',
    appId: e.PROXY_APP_ID,
    appToken: e.PROXY_APP_TOKEN,
    management: e.PROXY_MANAGEMENT_ID && e.PROXY_MANAGEMENT_TOKEN && e.PROXY_PROJECT_ID ? { id: e.PROXY_MANAGEMENT_ID, token: e.PROXY_MANAGEMENT_TOKEN, projectId: e.PROXY_PROJECT_ID } : undefined,
    distDir: e.DIST_DIR,
    serveSourceMaps: e.DASHBOARD_SOURCE_MAPS === 'on',
    demoSignIn: e.DEMO_SIGN_IN,
    demoUser: e.DEMO_SIGN_IN === 'on' ? e.DEMO_USER : undefined,
    demoUsername: e.DEMO_USER,
    cookieSecure: e.SESSION_COOKIE_SECURE === 'true',
    sessionPolicy: { maxFailures: e.SIGN_IN_MAX_FAILURES, lockMinutes: e.SIGN_IN_LOCK_MINUTES, idleMinutes: e.SESSION_IDLE_MINUTES, maxHours: e.SESSION_MAX_HOURS },
    tileUrl: e.TILE_URL ?? e.VITE_TILE_URL,
    apiReferenceUrl: e.UPSTREAM === 'local' ? `${(e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '')}/docs` : undefined,
  };
}
