/**
 * The webhook worker's own process, forked by a service process on PostgreSQL
 * (services/webhook-worker-process.ts; WEBHOOK_WORKER). Once loaded and connected it lowers its
 * OS priority, so its CPU is what the requests leave, and runs the one WebhookWorker on a small pool of its own,
 * woken by the parent's forwarded card changes as well as by its poll. It lives only as long as
 * its parent: the IPC channel closes when the parent exits, however (SIGKILL included).
 */
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import { openDatabase, type Database } from '../platform/db/client';
import { systemClock } from '../platform/clock';
import { ProjectClock } from '../server/clock/project-clock';
import { WebhookWorker } from '../server/services/webhook-worker';
import type { WebhookChildMessage } from '../server/services/webhook-worker-process';

/** Dispatch, leasing, and recording attempts may each hold one connection at once. */
const poolSize = 4;

/** On Linux a nice value belongs to a thread, and V8's and libuv's threads started before this line: each is lowered. */
function lowerPriority(nice: number): void {
  setPriority(0, nice);
  let threads: string[];
  try {
    threads = readdirSync('/proc/self/task');
  } catch {
    return; // not Linux: the process's priority is the one set above
  }
  for (const tid of threads) {
    try {
      setPriority(Number(tid), nice);
    } catch {
      // a thread that ended meanwhile
    }
  }
}

let worker: WebhookWorker | undefined;
let database: Database | undefined;
let stopping: Promise<void> | undefined;

async function start(message: Extract<WebhookChildMessage, { type: 'start' }>): Promise<void> {
  database = await openDatabase({ url: message.url, poolSize });
  const ctx = { db: database.db, clock: new ProjectClock(systemClock, database.db, message.config.localControl === 'on'), config: message.config };
  // Only now: loading the modules and connecting at the lower priority could take minutes on a busy host.
  lowerPriority(message.nice);
  worker = new WebhookWorker(ctx).start();
}

/** Sends what it is sending, gives back the rest of what it holds, and exits. */
function stop(): Promise<void> {
  stopping ??= (async () => {
    await worker?.stop();
    await database?.close();
    process.exit(0);
  })();
  return stopping;
}

process.on('message', (message: WebhookChildMessage) => {
  if (message.type === 'start') {
    start(message).catch((error: unknown) => {
      console.error('webhook worker process could not start:', error instanceof Error ? error.message : error);
      process.exit(1);
    });
  } else if (message.type === 'changed') worker?.changed();
  else if (message.type === 'wake') worker?.wake();
  else if (message.type === 'stop') void stop();
});
// The parent is gone (a crash, SIGKILL): so is this process. What it had leased is sent again once the lease runs out.
process.on('disconnect', () => process.exit(0));
// Ctrl-C reaches the whole process group: the parent stops this process as part of its own shutdown.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => void stop());
