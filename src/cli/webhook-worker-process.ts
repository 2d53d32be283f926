/**
 * The webhook worker's own process, forked by a service process on PostgreSQL
 * (services/webhook-worker-process.ts; WEBHOOK_WORKER). Once loaded and connected it lowers its
 * OS priority, so its CPU is what the requests leave, and runs the one WebhookWorker on a small pool of its own,
 * woken by the parent's forwarded card changes as well as by its poll. It lives only as long as
 * its parent: the IPC channel closes when the parent exits, however (SIGKILL included).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { openDatabase, type Database } from '../platform/db/client';
import { systemClock } from '../platform/clock';
import { ProjectClock } from '../server/clock/project-clock';
import { WebhookWorker } from '../server/services/webhook-worker';
import type { WebhookChildMessage } from '../server/services/webhook-worker-process';
import { requestPressure, type RequestLoad } from '../server/domain/webhook-yield';

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

/**
 * The worker's database sessions at its priority too, where PostgreSQL runs on this host (an
 * integrator's machine, a CI runner): a webhook's statements cost PostgreSQL about as much CPU as
 * the worker itself spends, and at the server's normal priority they took it from the requests'
 * statements (bench:api). A backend is lowered only when /proc shows it is a postgres process
 * (a server elsewhere, or one this user may not renice, is left alone).
 */
function lowerBackendPriority(database: Database, nice: number): void {
  const pool = database.pool;
  if (!pool) return;
  const lower = (pid: number | undefined) => {
    try {
      if (pid && readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) setPriority(pid, nice);
    } catch {
      // not on this host, or not ours to lower
    }
  };
  // Connections made from now on (the server tells each its backend's pid as it connects)…
  pool.on('connect', (client) => lower((client as unknown as { processID?: number }).processID));
  // …and the one already open (migrations ran on it): as many queries at once as the pool holds reach every connection.
  void Promise.all(Array.from({ length: poolSize }, () => pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid').then(({ rows }) => lower(rows[0].pid), () => undefined)));
}

let worker: WebhookWorker | undefined;
/** The parent's requests at its last sample: the worker yields to them. */
let parentLoad: RequestLoad = { busy: 0, inFlight: 0 };
let database: Database | undefined;
let stopping: Promise<void> | undefined;

async function start(message: Extract<WebhookChildMessage, { type: 'start' }>): Promise<void> {
  // Named, so pg_stat_activity tells the worker's sessions from the requests'.
  const url = new URL(message.url);
  url.searchParams.set('application_name', 'loyalty-webhook-worker');
  database = await openDatabase({ url: url.toString(), poolSize });
  const ctx = { db: database.db, clock: new ProjectClock(systemClock, database.db, message.config.localControl === 'on'), config: message.config };
  // Only now: loading the modules and connecting at the lower priority could take minutes on a busy host.
  lowerPriority(message.nice);
  lowerBackendPriority(database, message.nice);
  worker = new WebhookWorker(ctx, { requestPressure: () => requestPressure(parentLoad) }).start();
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
  else if (message.type === 'load') parentLoad = { busy: message.busy, inFlight: message.inFlight };
  else if (message.type === 'stop') void stop();
});
// The parent is gone (a crash, SIGKILL): so is this process. What it had leased is sent again once the lease runs out.
process.on('disconnect', () => process.exit(0));
// Ctrl-C reaches the whole process group: the parent stops this process as part of its own shutdown.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => void stop());
