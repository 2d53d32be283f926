import type PgBoss from 'pg-boss';
import type { ServiceContext } from '../context';
import type { QueueDefinition } from './job-client';

/** One background worker: the queue it serves, how it handles a job, and an optional cron schedule. */
export interface WorkerRegistration<T extends object = object> {
  queue: QueueDefinition;
  /** Handles one job. Throwing fails the attempt; pg-boss retries it as the queue's options say. */
  handle(ctx: ServiceContext, job: PgBoss.JobWithMetadata<T>): Promise<void>;
  /** Sends a job to the queue on a cron schedule (UTC unless `tz`), once across all workers. */
  schedule?: { cron: string; data?: T; tz?: string };
}
