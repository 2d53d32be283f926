/**
 * The measured process of bench/export: for each export id, runs the export job and then the
 * reference COPY of the same rows, and prints one JSON line with the timings of every round and
 * the process's peak RSS during the exports.
 * env: DATABASE (PostgreSQL URL or PGlite directory), FILES_DIR, EXPORT_IDS (comma-separated), COPY_SQL.
 */
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { to as copyTo } from 'pg-copy-streams';
import { createContext } from '../../src/server/bootstrap';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/platform/db/client';
import { runExport } from '../../src/server/services/run-export';

const { DATABASE = '', FILES_DIR = '', EXPORT_IDS = '', COPY_SQL = '' } = process.env;

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
// Warm the cache for both alike: read every row once without keeping it.
await database.execute(`SELECT sum(length(x::text)) FROM (${COPY_SQL}) x`);

// What the process takes before any export: Node, the tsx loader, the server's modules, the pool.
const startRssKb = process.resourceUsage().maxRSS;
// Rounds of export-then-COPY: on a shared machine the load moves by the second, so each export is
// compared with the COPY run right after it, and the median round counts.
const rounds: { exportMs: number; copyMs: number }[] = [];
let status: string | undefined;
let maxRssKb = 0;
let maxRssAllKb = 0;
for (const id of EXPORT_IDS.split(',')) {
  const started = performance.now();
  status = (await runExport(ctx, id))?.status;
  const exportMs = performance.now() - started;
  // Peak RSS so far, startup included: after the first export, and after all of them.
  maxRssAllKb = process.resourceUsage().maxRSS;
  maxRssKb ||= maxRssAllKb;
  rounds.push({ exportMs, copyMs: await copy(database) });
}
process.stdout.write(`${JSON.stringify({ status, rounds, maxRssKb, maxRssAllKb, startRssKb })}\n`);
await database.close();
