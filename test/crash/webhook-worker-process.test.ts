import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getPriority } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/platform/db/client';
import { systemClock } from '../../src/platform/clock';
import { loadFixture, type LoadedProject } from '../../src/server/seed/load-fixture';
import { createManagementKey } from '../../src/server/services/management-keys';
import { scratchPostgresDatabase } from '../support/databases';
import { baseFixture } from '../support/fixtures';
import { startServiceProcess } from '../support/processes';

/**
 * The webhook worker's child process (WEBHOOK_WORKER=process, or auto on PostgreSQL): it runs at
 * a lower priority, dies with its service process however that dies, and when it dies alone the
 * service process starts another, which sends what comes next.
 */

/** The ids of the processes whose parent is `pid` (/proc). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command name: state, then the parent's id.
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      if (Number(fields[1]) === pid) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The service process's one child once it has lowered its priority (it does once connected). */
const workerChild = (parent: number, other?: number) => until(() => childrenOf(parent).find((pid) => pid !== other && getPriority(pid) === 10), 60_000, 'the webhook worker process');

async function receiver(): Promise<{ url: string; ids: string[]; close(): Promise<void> }> {
  const ids: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      ids.push(JSON.parse(Buffer.concat(chunks).toString('utf8')).data.transaction.id);
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, ids, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('The webhook worker process (postgres)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  let url: string;
  let database: Database;
  let project: LoadedProject;
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function prepare(): Promise<void> {
    if (database) return;
    const scratch = await scratchPostgresDatabase(process.env.TEST_DATABASE_URL as string, 'hookproc');
    url = scratch.url;
    database = await openDatabase({ url, poolSize: 2 });
    cleanups.push(async () => {
      await database.close();
      await scratch.drop();
    });
    project = await loadFixture(database, baseFixture());
  }

  async function service(env: Record<string, string> = {}) {
    const started = await startServiceProcess(url, { WEBHOOK_PRIVATE_TARGETS: 'allow', WEBHOOK_WORKER: 'process', ...env });
    cleanups.push(async () => void started.child.kill('SIGKILL'));
    return started;
  }

  it('runs at nice 10 and exits when its service process is killed with SIGKILL', { timeout: 120_000 }, async () => {
    await prepare();
    const { child } = await service();
    const worker = await workerChild(child.pid as number);
    expect(getPriority(child.pid as number)).toBe(0);
    // Its database sessions (PostgreSQL on this host) run at its priority too; the service's own do not.
    const backends = async (named: boolean) =>
      (await database.execute<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND (application_name = 'loyalty-webhook-worker') = $1 AND pid <> pg_backend_pid()`, [named])).map((r) => r.pid);
    const own = await until(async () => {
      const pids = await backends(true);
      return pids.length > 0 && pids.every((pid) => getPriority(pid) === 10) && pids;
    }, 10_000, 'the worker’s sessions at nice 10');
    expect(own.length).toBeGreaterThan(0);
    expect((await backends(false)).map((pid) => getPriority(pid))).not.toContain(10);
    child.kill('SIGKILL');
    await until(() => !alive(worker), 10_000, 'the worker process to exit');
  });

  it('is started again when it is killed alone, and the next change is sent', { timeout: 120_000 }, async () => {
    await prepare();
    const hooks = await receiver();
    cleanups.push(() => hooks.close());
    const { child, address } = await service();
    const first = await workerChild(child.pid as number);
    const { key, secret } = await createManagementKey({ db: database.db, clock: systemClock }, project.projectId, 'proc');
    const created = await fetch(`${address}/management/v1/projects/${project.projectId}/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Management-Id': key.id, 'X-Management-Token': secret },
      body: JSON.stringify({ target_url: hooks.url, events: ['voucher.loyalty_card.transaction.created'] }),
    });
    expect(created.status).toBe(200);
    process.kill(first, 'SIGKILL');
    const second = await workerChild(child.pid as number, first);
    expect(second).not.toBe(first);
    const headers = { 'X-App-Id': project.keys[0].appId, 'X-App-Token': project.keys[0].appToken, 'content-type': 'application/json' };
    const added = await fetch(`${address}/v1/loyalties/members/FIX-BOB/balance`, { method: 'POST', headers, body: JSON.stringify({ points: 1 }) });
    expect(added.status).toBe(200);
    const [{ id }] = await database.execute<{ id: string }>("SELECT id FROM card_transactions WHERE type = 'POINTS_ADDITION' ORDER BY seq DESC LIMIT 1");
    await until(() => hooks.ids.includes(id), 60_000, 'the webhook of the change after the restart');
  });

  it('runs none with WEBHOOK_WORKER=thread', { timeout: 120_000 }, async () => {
    await prepare();
    const { child } = await service({ WEBHOOK_WORKER: 'thread' });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(childrenOf(child.pid as number)).toEqual([]);
  });
});
