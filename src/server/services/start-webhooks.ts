import type { ServiceContext } from '../context';
import { WebhookWorker } from './webhook-worker';
import { WebhookWorkerProcess } from './webhook-worker-process';

/** The webhook worker a service process runs (WEBHOOK_WORKER), or none with `off`. */
export type RunningWebhooks = WebhookWorker | WebhookWorkerProcess;

/**
 * Starts this process's webhook worker: in this thread by default; with `process` (or `auto` on
 * PostgreSQL) in a child process at a lower priority. PGlite is embedded in this process, so no
 * other process can open it: there the worker is always in this thread.
 */
export function startWebhooks(ctx: ServiceContext): RunningWebhooks | undefined {
  const postgres = ctx.database.kind === 'postgres' && ctx.database.url !== undefined;
  const mode = ctx.config.webhookWorker === 'auto' ? (postgres ? 'process' : 'thread') : ctx.config.webhookWorker;
  if (mode === 'off') return undefined;
  if (mode === 'thread') return new WebhookWorker(ctx).start();
  if (!postgres) throw new Error('WEBHOOK_WORKER=process needs PostgreSQL (DATABASE_URL): PGlite is embedded in this process; use thread or auto');
  return new WebhookWorkerProcess(ctx, ctx.database.url as string).start();
}
