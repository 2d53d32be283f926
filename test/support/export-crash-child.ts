/**
 * A worker process for the crash test (src/server/jobs/export-crash.test.ts): it schedules one
 * export, lets the real pg-boss worker take it, writes the first part of the file (a page of rows,
 * or a chunk of COPY's output), reports "paused" on stdout and then hangs mid-file, waiting to be
 * killed with SIGKILL.
 *
 * env: DATABASE (a PostgreSQL URL, or a PGlite directory), FILES_DIR, PROJECT_ID.
 */
import { createContext } from '../../src/server/bootstrap';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/platform/db/client';
import { exportQueue, type ExportJob } from '../../src/server/jobs/export-queue';
import type { WorkerRegistration } from '../../src/server/jobs/worker-registration';
import { startWorkers } from '../../src/server/jobs/workers';
import { createTransactionsExport } from '../../src/server/services/create-export';
import { runExport } from '../../src/server/services/run-export';

const say = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`);
const { DATABASE = '', FILES_DIR = '', PROJECT_ID = '' } = process.env;

const database = await openDatabase(DATABASE.startsWith('postgres') ? { url: DATABASE } : { dataDir: DATABASE });
const ctx = await createContext(database, { ...loadConfig({}), dataDir: FILES_DIR });

const pausingWorker: WorkerRegistration<ExportJob> = {
  queue: exportQueue,
  async handle(context, job) {
    await runExport(context, job.data.exportId, {
      batchSize: 2,
      onProgress: async (rows) => {
        say({ event: 'paused', rows });
        await new Promise(() => undefined);
      },
    });
  },
};
// A short expiry and no retry delay, so the restarted worker on PostgreSQL retries within seconds.
await startWorkers(ctx, {
  registrations: [pausingWorker] as WorkerRegistration[],
  pollingIntervalSeconds: 0.5,
  queueOptions: { [exportQueue.name]: { expireInSeconds: 2, retryDelay: 0, retryBackoff: false } },
});
const created = await createTransactionsExport(ctx, PROJECT_ID, 'FIX-BOB', undefined, {
  parameters: { order: 'created_at', fields: ['created_at', 'type', 'amount', 'balance'] },
});
say({ event: 'scheduled', id: created.id });
