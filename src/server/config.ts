import { z } from 'zod';
import type { RateLimitConfig } from './rate-limit/create-rate-limiter';

const envSchema = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3100),
  PROXY_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Where clients reach this service; asset and download URLs are built from it. */
  PUBLIC_BASE_URL: z.string().url().optional(),
  /** Base of export download URLs (the `download` cluster in the cloud); defaults to PUBLIC_BASE_URL. */
  DOWNLOAD_BASE_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Also write the logs of the service and the proxy to this file (JSON lines). */
  LOG_FILE: z.string().min(1).optional(),
  /** Shared by the proxy and the service when they do not share a database (see auth/dashboard-user). */
  DASHBOARD_USER_SECRET: z.string().min(32).optional(),
  /** Requests per minute per project (the real API's plans: 100 to 2,000); generous by default. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10_000),
  /** Where the counters live: this process (one service process), or shared by several. */
  RATE_LIMIT_STORE: z.enum(['memory', 'postgres', 'redis']).default('memory'),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  /** On SIGTERM/SIGINT, how long in-flight requests and jobs may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(10),
  /**
   * The /_local/ operations (the project clock): `auto` is on only for `npm start` on the embedded
   * demo project. Anyone holding a project's keys could move its time, so never on in production.
   */
  LOCAL_CONTROL: z.enum(['on', 'off', 'auto']).default('auto'),
  /**
   * Webhook target URLs on private, loopback and link-local addresses: `auto` allows them only for
   * `npm start` on the embedded demo project (an integrator's receiver runs next to it), so the
   * service cannot be used to reach internal hosts elsewhere.
   */
  WEBHOOK_PRIVATE_TARGETS: z.enum(['allow', 'refuse', 'auto']).default('auto'),
  /**
   * Where this process runs its webhook worker: `process` (a child process at a lower OS priority,
   * PostgreSQL only), `thread` (the request thread), `off` (none: another process sends). `auto`:
   * process on PostgreSQL, thread on PGlite (embedded in this process, it cannot be shared).
   */
  WEBHOOK_WORKER: z.enum(['auto', 'process', 'thread', 'off']).default('thread'),
  /** The webhook child process's nice value (0 to 19; higher yields the CPU to requests sooner). */
  WEBHOOK_WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /** The request log (GET /_local/requests, the dashboard's API log): `off` keeps none and serves no log. */
  REQUEST_LOG: z.enum(['on', 'off']).default('on'),
  /** Requests kept per project in the request log, the newest. */
  REQUEST_LOG_SIZE: z.coerce.number().int().min(1).max(100_000).default(1_000),
});

export type ServiceConfig = {
  host: string;
  port: number;
  proxyPort: number;
  databaseUrl?: string;
  dataDir: string;
  publicBaseUrl: string;
  downloadBaseUrl: string;
  logLevel: string;
  logFile?: string;
  dashboardUserSecret?: string;
  rateLimit: RateLimitConfig;
  shutdownTimeoutMs: number;
  /** `on` serves /_local/ (the project clock); `auto` is decided by the entry point (cli/start.ts), and is off everywhere else. */
  localControl: 'on' | 'off' | 'auto';
  /** `allow` lets webhooks target private and loopback addresses; `auto` is decided by the entry point (cli/start.ts) and refuses everywhere else. */
  webhookPrivateTargets: 'allow' | 'refuse' | 'auto';
  /** Requests kept per project in the request log; 0: no log (REQUEST_LOG=off). */
  requestLogSize: number;
  /** Where webhooks run (services/start-webhooks): `auto` resolved there, by the database. */
  webhookWorker: 'auto' | 'process' | 'thread' | 'off';
  /** The webhook child process's nice value. */
  webhookWorkerNice: number;
};

/** Reads the environment once; a bad value stops the process with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicBaseUrl = (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    host: e.HOST,
    port: e.PORT,
    proxyPort: e.PROXY_PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    publicBaseUrl,
    downloadBaseUrl: (e.DOWNLOAD_BASE_URL ?? publicBaseUrl).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    logFile: e.LOG_FILE,
    dashboardUserSecret: e.DASHBOARD_USER_SECRET,
    rateLimit: { perMinute: e.RATE_LIMIT_PER_MINUTE, store: e.RATE_LIMIT_STORE, redisUrl: e.REDIS_URL },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    localControl: e.LOCAL_CONTROL,
    webhookPrivateTargets: e.WEBHOOK_PRIVATE_TARGETS,
    requestLogSize: e.REQUEST_LOG === 'off' ? 0 : e.REQUEST_LOG_SIZE,
    webhookWorker: e.WEBHOOK_WORKER,
    webhookWorkerNice: e.WEBHOOK_WORKER_NICE,
  };
}
