/**
 * A worker process for the import crash test (src/server/jobs/order-import-crash.test.ts): it
 * requests one import, lets the real pg-boss worker take it, and in the transaction of order
 * PAUSE_AT, after that order's writes and before they commit, reports "paused" on stdout and hangs,
 * waiting to be killed with SIGKILL.
 *
 * env: DATABASE (a PostgreSQL URL, or a PGlite directory), PROJECT_ID, PAUSE_AT; the orders as JSON on ORDERS.
 */
import { createContext } from '../../src/server/bootstrap';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/platform/db/client';
import { importOrdersRequestSchema } from '../../src/contract/order-import';
import { asyncActionQueue, type AsyncActionJob } from '../../src/server/jobs/async-action-queue';
import type { WorkerRegistration } from '../../src/server/jobs/worker-registration';
import { startWorkers } from '../../src/server/jobs/workers';
import { importOrders } from '../../src/server/services/import-orders';
import { runAsyncAction } from '../../src/server/services/run-async-action';

const say = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`);
const { DATABASE = '', PROJECT_ID = '', PAUSE_AT = '0', ORDERS = '[]' } = process.env;

const database = await openDatabase(DATABASE.startsWith('postgres') ? { url: DATABASE } : { dataDir: DATABASE });
const ctx = await createContext(database, loadConfig({}));

const pausingWorker: WorkerRegistration<AsyncActionJob> = {
  queue: asyncActionQueue,
  async handle(context, job) {
    await runAsyncAction(context, job.data.asyncActionId, {
      beforeCommit: async (index) => {
        if (index !== Number(PAUSE_AT)) return;
        say({ event: 'paused', index });
        await new Promise(() => undefined);
      },
    });
  },
};
// A short expiry and no retry delay, so the restarted worker on PostgreSQL retries within seconds.
await startWorkers(ctx, {
  registrations: [pausingWorker] as WorkerRegistration[],
  pollingIntervalSeconds: 0.5,
  queueOptions: { [asyncActionQueue.name]: { expireInSeconds: 2, retryDelay: 0, retryBackoff: false } },
});
const created = await importOrders(ctx, PROJECT_ID, importOrdersRequestSchema.parse(JSON.parse(ORDERS)), 'v-crashtest');
say({ event: 'scheduled', id: created.async_action_id });
