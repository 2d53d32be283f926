/**
 * bench:scale's service in a worker thread, on a database that already holds its project (made by
 * build.ts or, for the demo size, loaded by run.ts): its own event loop, as in bench:api. With
 * `role: 'job'` it serves nothing and runs the points-expiration job on `expire`, as the hourly run
 * would beside the service (resting `backgroundRest` between transactions; BENCH_EXPIRY_REST).
 * Messages: `ready`; `cpu` (this thread's CPU µs so far); `expire` (the job as of `now` over the project, answering its run and milliseconds); `close`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createService } from '../../src/server/bootstrap';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/platform/db/client';
import { backgroundRest, cardsPerTransaction, expireDuePoints } from '../../src/server/services/expire-points';
import { startWebhooks } from '../../src/server/services/start-webhooks';

export interface ScaleWorkerInput {
  url: string;
  role: 'service' | 'job';
}

const input = workerData as ScaleWorkerInput;
const database = await openDatabase({ url: input.url });
const env = { RATE_LIMIT_PER_MINUTE: '1000000000', LOCAL_CONTROL: 'off', WEBHOOK_PRIVATE_TARGETS: 'allow', REQUEST_LOG: 'on' };
const { app, ctx } = await createService(database, { ...loadConfig(env), port: 0 });
const webhooks = input.role === 'service' ? startWebhooks(ctx) : undefined;
const base = input.role === 'service' ? await app.listen({ host: '127.0.0.1', port: 0 }) : '';
parentPort?.postMessage({ type: 'ready', base });
parentPort?.on('message', async (message: string | { type: 'expire'; now: string; projectId: string }) => {
  if (typeof message === 'object' && message.type === 'expire') {
    const started = performance.now();
    const run = await expireDuePoints(ctx, new Date(message.now), Number(process.env.BENCH_EXPIRY_CARDS ?? cardsPerTransaction), message.projectId, Number(process.env.BENCH_EXPIRY_REST ?? backgroundRest));
    parentPort?.postMessage({ type: 'expired', run, ms: performance.now() - started });
  }
  if (message === 'cpu') {
    const { user, system } = process.threadCpuUsage();
    parentPort?.postMessage({ type: 'cpu', micros: user + system });
  }
  if (message === 'close') {
    await webhooks?.stop();
    await app.close();
    await database.close();
    parentPort?.postMessage({ type: 'closed' });
  }
});
