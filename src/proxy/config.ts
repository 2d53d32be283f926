import { z } from 'zod';

const clusters: Record<string, string> = {
  api: 'https://api.voucherify.io',
  'us1.api': 'https://us1.api.voucherify.io',
  'as1.api': 'https://as1.api.voucherify.io',
};

const envSchema = z.object({
  PROXY_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3100),
  /** `local` (our service, the default), a cloud cluster (`api`, `us1.api`, `as1.api`) or a full URL. */
  UPSTREAM: z.string().default('local'),
  PROXY_APP_ID: z.string().optional(),
  PROXY_APP_TOKEN: z.string().optional(),
  DIST_DIR: z.string().default('./dist'),
});

export interface ProxyConfig {
  port: number;
  host: string;
  upstream: URL;
  upstreamIsLocal: boolean;
  appId?: string;
  appToken?: string;
  distDir: string;
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
  return {
    port: e.PROXY_PORT,
    host: e.HOST,
    upstream: resolveUpstream(e.UPSTREAM, e.PORT),
    upstreamIsLocal: e.UPSTREAM === 'local',
    appId: e.PROXY_APP_ID,
    appToken: e.PROXY_APP_TOKEN,
    distDir: e.DIST_DIR,
  };
}
