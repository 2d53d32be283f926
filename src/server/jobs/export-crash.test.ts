import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { text } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabases } from '../../../test/support/databases';
import { baseFixture } from '../../../test/support/fixtures';
import { createContext } from '../bootstrap';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../../platform/db/client';
import { findExportById } from '../db/repositories/exports';
import { loadFixture } from '../seed/load-fixture';
import { exportFileKey, exportFiles } from '../storage/export-files';
import { startWorkers } from './workers';

const child = fileURLToPath(new URL('../../../test/support/export-crash-child.ts', import.meta.url));
const days = Array.from({ length: 9 }, (_, i) => i + 1);
const fixture = baseFixture({
  transactions: days.map((day) => ({ card: 'FIX-BOB', type: 'POINTS_ACCRUAL' as const, amount: day, details: {}, created_at: `2026-01-0${day}T00:00:00.000Z` })),
});
const expectedCsv =
  'created_at,type,amount,balance\r\n' + days.map((day) => `2026-01-0${day}T00:00:00.000Z,POINTS_ACCRUAL,${day},${(day * (day + 1)) / 2}\r\n`).join('');

interface Crashed {
  exportId: string;
  rowsWritten: number;
}

/** Runs the worker process until it is mid-file, then kills it with SIGKILL. */
async function runAndKill(env: Record<string, string>): Promise<Crashed> {
  const worker = spawn(process.execPath, ['--import', 'tsx', child], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  worker.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => worker.on('exit', (_code, signal) => resolve(signal)));
  let exportId = '';
  try {
    for await (const line of createInterface({ input: worker.stdout })) {
      const message = JSON.parse(line) as { event: string; id?: string; rows?: number };
      if (message.event === 'scheduled') exportId = message.id as string;
      if (message.event === 'paused') {
        worker.kill('SIGKILL');
        expect(await exited).toBe('SIGKILL');
        return { exportId, rowsWritten: message.rows as number };
      }
    }
  } finally {
    worker.kill('SIGKILL');
  }
  throw new Error(`the worker exited before pausing:\n${stderr}`);
}

async function waitForStatus(database: Database, exportId: string, status: string, seconds: number): Promise<string | undefined> {
  const deadline = Date.now() + seconds * 1000;
  let current: string | undefined;
  while (Date.now() < deadline) {
    current = (await findExportById(database.db, exportId))?.status;
    if (current === status) return current;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return current;
}

describe.each(testDatabases())('export job killed mid-file (%s)', (kind) => {
  it('is run again after a restart and ends DONE with a complete file; the half-written one is never served', { timeout: 120_000 }, async () => {
    const filesDir = mkdtempSync(join(tmpdir(), 'export-crash-files-'));
    const pgliteDir = kind === 'pglite' ? mkdtempSync(join(tmpdir(), 'export-crash-db-')) : undefined;
    let database: Database = pgliteDir ? await openDatabase({ dataDir: pgliteDir }) : await openTestDatabase('postgres');
    try {
      const project = await loadFixture(database, fixture);
      // A PGlite directory belongs to one process at a time: hand it to the worker.
      if (pgliteDir) await database.close();
      const target = pgliteDir ?? ((database.pool as pg.Pool).options.connectionString as string);

      const crashed = await runAndKill({ DATABASE: target, FILES_DIR: filesDir, PROJECT_ID: project.projectId });
      // Paused after the first part of the file: a page of 2 rows, or on PostgreSQL COPY's first chunk.
      expect(crashed.rowsWritten).toBeGreaterThan(0);
      const files = exportFiles({ ...loadConfig({}), dataDir: filesDir });
      const key = exportFileKey(project.projectId, crashed.exportId);
      // Killed mid-file: a partial file exists, the served one does not.
      expect(readdirSync(join(filesDir, 'exports', '.partial'))).toHaveLength(1);
      expect(await files.open(key)).toBeUndefined();

      if (pgliteDir) database = await openDatabase({ dataDir: pgliteDir });
      expect((await findExportById(database.db, crashed.exportId))?.status).toBe('IN_PROGRESS');
      const ctx = await createContext(database, { ...loadConfig({}), dataDir: filesDir });
      // PGlite: the restart retries the cut-off job at once. PostgreSQL: pg-boss maintenance expires
      // it (2 s, set by the worker) and retries it, as it would for a worker on another machine.
      const workers = await startWorkers(ctx, { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 });
      try {
        expect(await waitForStatus(database, crashed.exportId, 'DONE', 60)).toBe('DONE');
      } finally {
        await workers.stop();
      }
      const file = await files.open(key);
      expect(await text(file!.stream)).toBe(expectedCsv);
      expect(readdirSync(join(filesDir, 'exports', '.partial'))).toEqual([]);
    } finally {
      await database.close();
      rmSync(filesDir, { recursive: true, force: true });
      if (pgliteDir && existsSync(pgliteDir)) rmSync(pgliteDir, { recursive: true, force: true });
    }
  });
});
