/**
 * Export throughput: one card with 1,000,000 transactions on PostgreSQL (BENCH_ROWS), exported with
 * all fields by the real job in a child process; printed as rows/s, as a ratio to
 * `COPY (SELECT …) TO STDOUT WITH CSV` of the same rows run in that same process (BENCH_ROUNDS
 * rounds of export-then-COPY, default 3; the median round counts), and with the worker's peak RSS.
 * Then the same on PGlite with BENCH_PGLITE_ROWS (default 100,000).
 * Targets: ratio ≥ 0.5, RSS < 300 MB.
 * Usage: npm run bench:export   (PostgreSQL from BENCH_DATABASE_URL, default the local server)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { defaultExportFields } from '../../src/contract/export';
import { createContext } from '../../src/server/bootstrap';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/platform/db/client';
import { transactionColumns } from '../../src/server/db/repositories/transaction-export-rows';
import { loadFixture } from '../../src/server/seed/load-fixture';
import { createTransactionsExport } from '../../src/server/services/create-export';
import { exportFileKey } from '../../src/server/storage/export-files';
import { openTestDatabase } from '../../test/support/databases';
import { postgresServiceNodeFlags } from '../../src/platform/node-heap';

const worker = fileURLToPath(new URL('./worker.ts', import.meta.url));
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** One project, one card, and `rows` transactions made by SQL (generate_series), not through HTTP. */
async function seed(database: Database, rows: number): Promise<{ projectId: string; voucherId: string }> {
  const project = await loadFixture(database, {
    project: { name: 'bench' },
    api_keys: [{ name: 'bench' }],
    campaigns: [{ name: 'Bench Club', type: 'STATIC', cards: [{ code: 'BENCH-1' }] }],
  });
  const [card] = await database.execute<{ id: string; campaign_id: string }>(`SELECT id, campaign_id FROM vouchers WHERE code = 'BENCH-1'`);
  // Text that needs quoting or the formula guard now and then, details as the engine writes them.
  await database.execute(
    `INSERT INTO card_transactions (id, project_id, voucher_id, campaign_id, type, source_id, reason, source, amount, balance, details, created_at)
     SELECT 'vtx_' || md5(g::text), $1, $2, $3,
            CASE WHEN g % 10 = 0 THEN 'POINTS_REDEMPTION' ELSE 'POINTS_ACCRUAL' END,
            CASE WHEN g % 3 = 0 THEN 'order-' || g END,
            CASE WHEN g % 7 = 0 THEN '=promo, "spring"' WHEN g % 5 = 0 THEN 'visit #' || g END,
            'API', CASE WHEN g % 10 = 0 THEN -5 ELSE 10 END, g * 8,
            jsonb_build_object('balance', jsonb_build_object('type', 'loyalty_card', 'total', g * 10, 'points', 10, 'balance', g * 8, 'object', 'balance')),
            timestamptz '2025-01-01' + g * interval '1 second'
     FROM generate_series(1, $4::int) g`,
    [project.projectId, card.id, card.campaign_id, rows],
  );
  await database.execute('ANALYZE card_transactions');
  return { projectId: project.projectId, voucherId: card.id };
}

async function measure(label: string, database: Database, rows: number, target: (db: Database) => Promise<string>): Promise<void> {
  const filesDir = mkdtempSync(join(tmpdir(), 'bench-export-'));
  try {
    const seeded = await seed(database, rows);
    const ctx = await createContext(database, { ...loadConfig({}), dataDir: filesDir });
    const runs = [];
    for (let round = 0; round < rounds; round++) runs.push(await createTransactionsExport(ctx, seeded.projectId, 'BENCH-1', undefined, undefined));
    const columns = defaultExportFields.map((field) => transactionColumns[field]).map((column) => (column.kind === 'json' ? `${column.jsonb}::text` : column.sql)).join(', ');
    const copySql = `SELECT ${columns} FROM card_transactions t WHERE t.voucher_id = '${seeded.voucherId}' ORDER BY t.created_at DESC, t.seq DESC`;
    const databaseTarget = await target(database);
    const output = execFileSync(process.execPath, [...postgresServiceNodeFlags, '--import', 'tsx', worker], {
      env: { ...process.env, DATABASE: databaseTarget, FILES_DIR: filesDir, EXPORT_IDS: runs.map((run) => run.id).join(','), COPY_SQL: copySql },
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    });
    const result = JSON.parse(output.trim().split('\n').at(-1) as string) as { status: string; rounds: { exportMs: number; copyMs: number }[]; maxRssKb: number; maxRssAllKb: number; startRssKb: number };
    if (result.status !== 'DONE') throw new Error(`export ended ${result.status}`);
    const bytes = statSync(join(filesDir, 'exports', exportFileKey(seeded.projectId, runs[0].id))).size;
    // The median round by ratio: each export against the COPY run right after it.
    const ordered = result.rounds.slice().sort((a, b) => a.copyMs / a.exportMs - b.copyMs / b.exportMs);
    const median = ordered[Math.floor(ordered.length / 2)];
    const exportRate = rows / (median.exportMs / 1000);
    const copyRate = rows / (median.copyMs / 1000);
    const ratios = result.rounds.map((round) => fmt(round.copyMs / round.exportMs, 2)).join(', ');
    console.log(
      `${label.padEnd(10)} ${fmt(rows)} rows, all 12 fields: export ${fmt(exportRate)} rows/s (${fmt(median.exportMs / 1000, 2)} s, ${fmt(bytes / 1e6, 1)} MB) | ` +
        `COPY ${fmt(copyRate)} rows/s | ratio ${fmt(exportRate / copyRate, 2)} (median of ${ratios}) | ` +
        `worker peak RSS ${fmt(result.maxRssKb / 1024)} MB after one export (${fmt(result.startRssKb / 1024)} MB before it; ${fmt(result.maxRssAllKb / 1024)} MB after all)`,
    );
  } finally {
    rmSync(filesDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const postgres = await openTestDatabase('postgres');
  try {
    await measure('PostgreSQL', postgres, Number(process.env.BENCH_ROWS ?? 1_000_000), async (db) => (db.pool as pg.Pool).options.connectionString as string);
  } finally {
    await postgres.close();
  }

  // PGlite is one process's: the data is made in a directory, closed, and handed to the worker.
  const dir = mkdtempSync(join(tmpdir(), 'bench-export-pglite-'));
  try {
    const pglite = await openDatabase({ dataDir: dir });
    await measure('PGlite', pglite, Number(process.env.BENCH_PGLITE_ROWS ?? 100_000), async (db) => {
      await db.close();
      return dir;
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
