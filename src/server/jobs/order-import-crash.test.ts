import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabases } from '../../../test/support/databases';
import { orderFixture } from '../../../test/support/order-fixture';
import { openDatabase, type Database } from '../../platform/db/client';
import { createContext } from '../bootstrap';
import { loadConfig } from '../config';
import { findAsyncActionById } from '../db/repositories/async-actions';
import { loadFixture } from '../seed/load-fixture';
import { startWorkers } from './workers';

const child = fileURLToPath(new URL('../../../test/support/order-import-crash-child.ts', import.meta.url));
const pauseAt = 3;
/** Six orders: new customers, lines of stored products, and two without a source_id (only the import's progress keeps a retry from writing them twice). */
const orders = Array.from({ length: 6 }, (_, i) => ({
  ...(i % 3 !== 2 && { source_id: `crash-${i}` }),
  customer: { source_id: `crash-buyer-${i}`, name: `Buyer ${i}` },
  status: 'PAID',
  items: [
    { source_id: 'mug', quantity: i + 1 },
    { source_id: 'beans', quantity: 1 },
  ],
  metadata: { crash: i },
}));

/** Runs the worker process until it is inside order `pauseAt`'s transaction, then kills it with SIGKILL. */
async function runAndKill(env: Record<string, string>): Promise<string> {
  const worker = spawn(process.execPath, ['--import', 'tsx', child], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  worker.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => worker.on('exit', (_code, signal) => resolve(signal)));
  let actionId = '';
  try {
    for await (const line of createInterface({ input: worker.stdout })) {
      const message = JSON.parse(line) as { event: string; id?: string };
      if (message.event === 'scheduled') actionId = message.id as string;
      if (message.event === 'paused') {
        worker.kill('SIGKILL');
        expect(await exited).toBe('SIGKILL');
        return actionId;
      }
    }
  } finally {
    worker.kill('SIGKILL');
  }
  throw new Error(`the worker exited before pausing:\n${stderr}`);
}

async function waitForStatus(database: Database, id: string, status: string, seconds: number): Promise<string | undefined> {
  const deadline = Date.now() + seconds * 1000;
  let current: string | undefined;
  while (Date.now() < deadline) {
    current = (await findAsyncActionById(database.db, id))?.status;
    if (current === status) return current;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return current;
}

describe.each(testDatabases())('order import killed mid-order (%s)', (kind) => {
  it('leaves no half order: after a restart the job resumes at the order it was writing, and every order is there once, whole', { timeout: 120_000 }, async () => {
    const pgliteDir = kind === 'pglite' ? mkdtempSync(join(tmpdir(), 'import-crash-db-')) : undefined;
    let database: Database = pgliteDir ? await openDatabase({ dataDir: pgliteDir }) : await openTestDatabase('postgres');
    try {
      const project = await loadFixture(database, orderFixture());
      // A PGlite directory belongs to one process at a time: hand it to the worker.
      if (pgliteDir) await database.close();
      const target = pgliteDir ?? ((database.pool as pg.Pool).options.connectionString as string);
      const actionId = await runAndKill({ DATABASE: target, PROJECT_ID: project.projectId, PAUSE_AT: String(pauseAt), ORDERS: JSON.stringify(orders) });
      if (pgliteDir) database = await openDatabase({ dataDir: pgliteDir });

      // Killed inside order 3's transaction: orders 0–2 and their customers are there, order 3 and its customer are not.
      const written = async () => database.execute<{ n: number; amount: string; items: number; customer: string | null }>(
        `SELECT (o.metadata->>'crash')::int AS n, o.amount, jsonb_array_length(o.items) AS items, c.source_id AS customer
           FROM orders o LEFT JOIN customers c ON c.id = o.customer_id WHERE o.metadata ? 'crash' ORDER BY n`,
      );
      expect((await written()).map((row) => row.n)).toEqual([0, 1, 2]);
      expect(await database.execute("SELECT id FROM customers WHERE source_id = 'crash-buyer-3'")).toEqual([]);
      expect(await findAsyncActionById(database.db, actionId)).toMatchObject({ status: 'IN_PROGRESS', nextIndex: pauseAt, doneCount: pauseAt });

      const ctx = await createContext(database, loadConfig({}));
      // PGlite: the restart retries the cut-off job at once. PostgreSQL: pg-boss maintenance expires
      // it (2 s, set by the worker) and retries it, as it would for a worker on another machine.
      const workers = await startWorkers(ctx, { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 });
      try {
        expect(await waitForStatus(database, actionId, 'DONE', 60)).toBe('DONE');
      } finally {
        await workers.stop();
      }
      // Every order once (the two without a source_id too), each with both lines and its amount: (n + 1) mugs at 15.00 and beans at 9.00.
      expect((await written()).map((row) => ({ ...row, amount: Number(row.amount) }))).toEqual(orders.map((_, n) => ({ n, amount: 1500 * (n + 1) + 900, items: 2, customer: `crash-buyer-${n}` })));
      const [{ customers }] = await database.execute<{ customers: string }>("SELECT count(*) AS customers FROM customers WHERE source_id LIKE 'crash-buyer-%'");
      expect(Number(customers)).toBe(orders.length);
      expect(await findAsyncActionById(database.db, actionId)).toMatchObject({ status: 'DONE', nextIndex: orders.length, doneCount: orders.length, failures: [] });
    } finally {
      await database.close();
      if (pgliteDir && existsSync(pgliteDir)) rmSync(pgliteDir, { recursive: true, force: true });
    }
  });
});
