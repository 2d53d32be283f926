import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { openDatabase, type Database } from '../../src/platform/db/client';
import { loadFixture } from '../../src/server/seed/load-fixture';
import { scratchPostgresDatabase } from '../support/databases';
import { killIfRunning, openSocket, type Spawned } from '../support/processes';

/** What the shutdown tests share: cleanups, a seeded database for the process to open, time bounds. */

/** Everything a test made, undone after it even when it fails (call `useCleanups()` in the file). */
const cleanups: Array<() => Promise<void> | void> = [];

export function useCleanups(): void {
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
}

export function cleanUpAfter(cleanup: () => Promise<void> | void): void {
  cleanups.push(cleanup);
}

export interface SeededDatabase {
  /** DATABASE_URL or DATA_DIR, for the process. */
  env: Record<string, string>;
  keys: { appId: string; appToken: string };
  /** Opens the database again (once the process has let go of it: PGlite has one opener at a time). */
  open(): Promise<Database>;
}

/** A database with `fixture` loaded, closed again for the process to open. */
export async function seededDatabase(kind: 'postgres' | 'pglite', fixture: unknown): Promise<SeededDatabase> {
  let options: Parameters<typeof openDatabase>[0];
  let env: Record<string, string>;
  if (kind === 'postgres') {
    const scratch = await scratchPostgresDatabase(process.env.TEST_DATABASE_URL as string, 'shutdown');
    cleanups.push(() => scratch.drop());
    options = { url: scratch.url };
    env = { DATABASE_URL: scratch.url };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'shutdown-pglite-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    options = { dataDir: dir };
    env = { DATA_DIR: dir };
  }
  const database = await openDatabase(options);
  try {
    const project = await loadFixture(database, fixture);
    return { env, keys: project.keys[0], open: () => openDatabase(options) };
  } finally {
    await database.close();
  }
}

/** `spawned`, killed after the test if still running. */
export function started(spawned: Spawned): Spawned {
  cleanups.push(() => killIfRunning(spawned));
  return spawned;
}

/** Opens a socket and registers its destruction as a cleanup. */
export async function socketTo(port: number) {
  const opened = await openSocket(port);
  cleanups.push(() => void opened.socket.destroy());
  return opened;
}

export const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms))]);
