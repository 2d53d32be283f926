/**
 * The measured process of bench/export: runs one export job, then the reference COPY of the same
 * rows, and prints one JSON line with both timings and the process's peak RSS after the export.
 * env: DATABASE (PostgreSQL URL or PGlite directory), FILES_DIR, EXPORT_ID, COPY_SQL, COPY_PARAMS.
 */
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { to as copyTo } from 'pg-copy-streams';
import { createContext } from '../../src/server/bootstrap';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { runExport } from '../../src/server/services/run-export';

const { DATABASE = '', FILES_DIR = '', EXPORT_ID = '', COPY_SQL = '' } = process.env;

/** COPY (SELECT …) TO STDOUT WITH CSV into a file: PostgreSQL through pg-copy-streams, PGlite through /dev/blob. */
async function copy(database: Database): Promise<number> {
  const started = performance.now();
  const target = join(FILES_DIR, `copy-${Date.now()}.csv`);
  if (database.pool) {
    const client = await database.pool.connect();
    try {
      await pipeline(client.query(copyTo(`COPY (${COPY_SQL}) TO STDOUT WITH (FORMAT csv, HEADER)`)), createWriteStream(target));
    } finally {
      client.release();
    }
  } else {
    const result = await database.pglite!.query(`COPY (${COPY_SQL}) TO '/dev/blob' WITH (FORMAT csv, HEADER)`);
    await writeFile(target, Buffer.from(await result.blob!.arrayBuffer()));
  }
  return performance.now() - started;
}

const database = await openDatabase(DATABASE.startsWith('postgres') ? { url: DATABASE } : { dataDir: DATABASE });
const ctx = await createContext(database, { ...loadConfig({}), dataDir: FILES_DIR });
const copyBefore = await copy(database);
const rssBefore = process.resourceUsage().maxRSS;
const started = performance.now();
const done = await runExport(ctx, EXPORT_ID);
const exportMs = performance.now() - started;
const maxRssKb = process.resourceUsage().maxRSS;
const copyAfter = await copy(database);
process.stdout.write(`${JSON.stringify({ status: done?.status, exportMs, copyMs: Math.min(copyBefore, copyAfter), maxRssKb, rssBeforeKb: rssBefore })}\n`);
await database.close();
