/**
 * Where a webhook's CPU goes (issue 29's "with an endpoint ≥ 0.8×"): on a scratch PostgreSQL
 * database, N Track events are sent with an endpoint subscribed to every event and the webhook
 * worker stopped; then the dispatch (events made into sendouts) and the delivery (sent to a
 * receiver on 127.0.0.1 in its own thread, attempts recorded) run alone, each measured as this
 * thread's CPU, the database backends' CPU and the WAL written per webhook. The requests themselves are measured
 * the same way for scale. Usage: tsx bench/api/webhook-profile.ts (PROFILE_EVENTS, default 2000;
 * BENCH_DATABASE_URL; PROFILE_SQL, statements run on the scratch database first, e.g. a table's
 * fillfactor). Add --cpu-prof to node (NODE_OPTIONS) for a JavaScript profile.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import pg from 'pg';
import { scratchPostgresDatabase } from '../../test/support/databases';
import { openDatabase } from '../../src/platform/db/client';
import { loadConfig } from '../../src/server/config';
import { createService } from '../../src/server/bootstrap';
import { loadFixture } from '../../src/server/seed/load-fixture';
import { dispatchWebhookEvents } from '../../src/server/services/webhook-dispatch';
import { WebhookWorker } from '../../src/server/services/webhook-worker';
import { benchFixture } from './fixture';
import { handleWebhookMessage } from './webhook-endpoint';
import { startWebhookReceiver } from './webhook-receiver';

const events = Number(process.env.PROFILE_EVENTS ?? 2000);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** CPU µs of the database's client backends so far, by pid (/proc; the server runs on this host). */
async function backendCpu(pool: pg.Pool): Promise<Map<number, number>> {
  const { rows: pids } = await pool.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()");
  const micros = new Map<number, number>();
  for (const { pid } of pids) {
    try {
      const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
      micros.set(pid, (Number(fields[11]) + Number(fields[12])) * 10_000);
    } catch {
      // gone
    }
  }
  return micros;
}

/**
 * The cluster's WAL position in bytes: what a phase wrote to the WAL, which every commit of the
 * requests must wait to have flushed (on a disk that syncs slowly, the hot paths' bound).
 */
async function walBytes(pool: pg.Pool): Promise<number> {
  return Number((await pool.query<{ lsn: string }>("SELECT pg_current_wal_lsn() - '0/0' AS lsn")).rows[0].lsn);
}

/** What the backends spent between two readings (a new backend counts from zero; one gone is lost, so the pool keeps its connections). */
const between = (before: Map<number, number>, after: Map<number, number>) => [...after].reduce((sum, [pid, cpu]) => sum + cpu - (before.get(pid) ?? 0), 0);

const threadCpu = () => {
  const { user, system } = process.threadCpuUsage();
  return user + system;
};

async function main(): Promise<void> {
  const scratch = await scratchPostgresDatabase(adminUrl, 'whprof');
  const database = await openDatabase({ url: scratch.url });
  const pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
  // PROFILE_SQL: statements run on the scratch database first, to try a storage setting (e.g. a fillfactor).
  if (process.env.PROFILE_SQL) await pool.query(process.env.PROFILE_SQL);
  try {
    const project = await loadFixture(database, benchFixture(1000));
    const env = { RATE_LIMIT_PER_MINUTE: '1000000000', LOCAL_CONTROL: 'off', WEBHOOK_PRIVATE_TARGETS: 'allow', REQUEST_LOG: 'on' };
    const { app, ctx } = await createService(database, { ...loadConfig(env), port: 0 });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const receiver = await startWebhookReceiver();
    const auth = { 'X-App-Id': project.keys[0].appId, 'X-App-Token': project.keys[0].appToken, 'content-type': 'application/json' };
    let sent = 0;
    const send = async () => {
      while (sent < events) {
        const i = sent++;
        const answer = await fetch(`${base}/v1/events`, { method: 'POST', headers: auth, body: JSON.stringify({ event: 'bench_visit', customer: { source_id: `bench-member-${i % 200}` }, metadata: { amount: 12 } }) });
        await answer.arrayBuffer();
      }
    };
    // PROFILE_DIR: a CPU profile of each phase there (open in Chrome DevTools or speedscope).
    const profileDir = process.env.PROFILE_DIR;
    const inspector = profileDir ? new Session() : undefined;
    inspector?.connect();
    await inspector?.post('Profiler.enable');
    const phase = async (name: string, run: () => Promise<number>, per?: number) => {
      await inspector?.post('Profiler.start');
      const [cpu0, pg0, wal0, t0] = [threadCpu(), await backendCpu(pool), await walBytes(pool), performance.now()];
      const count = await run();
      const [cpu1, pg1, wal1, t1] = [threadCpu(), await backendCpu(pool), await walBytes(pool), performance.now()];
      if (inspector) await writeFile(`${profileDir}/${name.replace(/\W+/g, '-')}.cpuprofile`, JSON.stringify((await inspector.post('Profiler.stop')).profile));
      const n = per ?? count;
      console.log(`${name.padEnd(28)} ${String(count).padStart(6)}  ${((t1 - t0) / 1000).toFixed(2)} s  per item: service ${((cpu1 - cpu0) / n).toFixed(0)} µs + PostgreSQL ${(between(pg0, pg1) / n).toFixed(0)} µs, WAL ${((wal1 - wal0) / n).toFixed(0)} bytes`);
    };
    // Warm up, then the requests with no endpoint (the worker not running).
    await Promise.all(Array.from({ length: 10 }, send));
    await dispatchWebhookEvents(ctx);
    sent = 0;
    await phase('events, no endpoint', async () => (await Promise.all(Array.from({ length: 10 }, send)), events));
    await dispatchWebhookEvents(ctx);
    await handleWebhookMessage(ctx, project.projectId, { type: 'webhook-on', url: receiver.url });
    sent = 0;
    await phase('events, endpoint (no worker)', async () => (await Promise.all(Array.from({ length: 10 }, send)), events));
    // The worker's two halves, stepped by hand (as its runOnce does).
    const worker = new WebhookWorker(ctx) as unknown as { dispatch(): Promise<void>; deliver(): Promise<void> };
    const count = async () => (await database.execute<{ n: number }>('SELECT count(*)::int AS n FROM webhook_sendouts'))[0].n;
    const sendouts = async () => {
      await worker.dispatch();
      return count();
    };
    await phase('dispatch', sendouts);
    const total = await count();
    await phase('delivery', async () => (await worker.deliver(), total));
    const got = await receiver.stats();
    console.log(`received ${got.count} of ${total}`);
    await receiver.close();
    await app.close();
  } finally {
    await pool.end();
    await database.close();
    await scratch.drop();
  }
}

void main();
