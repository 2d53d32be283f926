import type PgBoss from 'pg-boss';
import type { ServiceContext } from '../context';
import { createBoss } from './boss';
import { exportCleanupWorker } from './export-cleanup-worker';
import { exportFileWorker, exportGiveUpWorker } from './export-worker';
import { ensureQueue } from './job-client';
import { asyncActionGiveUpWorker, asyncActionWorker } from './async-action-worker';
import { pointsExpiryWorker } from './points-expiry-worker';
import type { WorkerRegistration } from './worker-registration';

/** Every background worker of the service; a new job type adds its registration here. */
export const workerRegistrations: WorkerRegistration[] = [exportFileWorker, exportGiveUpWorker, exportCleanupWorker, pointsExpiryWorker, asyncActionWorker, asyncActionGiveUpWorker] as WorkerRegistration[];

export interface Workers {
  boss: PgBoss;
  /** Stops polling and waits up to `timeoutMs` (default 10 s) for the jobs running to finish. */
  stop(timeoutMs?: number): Promise<void>;
}

export interface WorkerOptions {
  registrations?: WorkerRegistration[];
  /** How often an idle worker asks for a job (pg-boss polls). */
  pollingIntervalSeconds?: number;
  /** How often pg-boss expires stuck jobs, archives and purges. */
  maintenanceIntervalSeconds?: number;
  /** Queue options applied over the declared ones, by queue name (tests shorten expiry and delays). */
  queueOptions?: Record<string, Omit<PgBoss.Queue, 'name'>>;
  /** pg-boss errors (maintenance, polling) are reported here; console.error by default. */
  onError?: (error: unknown) => void;
}

/**
 * A PGlite directory is open in one process only, so at start no other worker can be running a
 * job on it: jobs still marked active were cut off by a crash. Failing them now retries them at
 * once instead of after their expiry.
 */
async function retryCutOffJobs(ctx: ServiceContext, boss: PgBoss, queues: string[]): Promise<void> {
  const rows = await ctx.database.execute<{ id: string; name: string }>(`SELECT id, name FROM pgboss.job WHERE name = ANY($1) AND state = 'active'`, [queues]);
  for (const row of rows) await boss.fail(row.name, row.id, { message: 'the worker stopped while the job ran' });
}

/** Starts the background job workers (pg-boss) on the service's database. */
export async function startWorkers(ctx: ServiceContext, options: WorkerOptions = {}): Promise<Workers> {
  const registrations = options.registrations ?? workerRegistrations;
  const onError = options.onError ?? ((error: unknown) => console.error('job workers:', error));
  const boss = createBoss(ctx.database, {
    supervise: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
    schedule: registrations.some((registration) => registration.schedule),
  });
  boss.on('error', onError);
  await boss.start();

  for (const { queue } of registrations) {
    await ensureQueue(boss, queue);
    const override = options.queueOptions?.[queue.name];
    if (override) await boss.updateQueue(queue.name, { name: queue.name, ...queue.options, ...override });
  }
  if (ctx.database.kind === 'pglite') await retryCutOffJobs(ctx, boss, registrations.map((r) => r.queue.name));

  for (const registration of registrations) {
    const workOptions = { includeMetadata: true as const, batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 };
    await boss.work<object>(registration.queue.name, workOptions, async ([job]) => registration.handle(ctx, job));
    if (registration.schedule) {
      const { cron, data, tz } = registration.schedule;
      await boss.schedule(registration.queue.name, cron, data, tz ? { tz } : {});
    }
  }
  return { boss, stop: (timeoutMs = 10_000) => boss.stop({ graceful: true, timeout: timeoutMs, wait: true }) };
}
