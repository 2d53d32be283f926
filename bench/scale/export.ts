/**
 * bench:scale's export (issue 31): every card transaction of the scale project, one program's
 * export (`POST /v1/loyalties/{campaignId}/transactions/export`, default fields and order) after the
 * other, each run by the real export job in a child process (bench/export/worker.ts, as a worker
 * process runs it) and followed there by `COPY (SELECT …) TO STDOUT WITH CSV` of the same rows in the
 * same order. Goal: the exports' rows/s ≥ 0.9× COPY's, the child's peak RSS < 300 MB.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { defaultExportFields } from '../../src/contract/export';
import { openDatabase } from '../../src/platform/db/client';
import { createContext } from '../../src/server/bootstrap';
import { loadConfig } from '../../src/server/config';
import { transactionColumns } from '../../src/server/db/repositories/transaction-export-rows';
import { createCampaignTransactionsExport } from '../../src/server/services/create-export';
import { postgresServiceNodeFlags } from '../../src/platform/node-heap';

const worker = fileURLToPath(new URL('../export/worker.ts', import.meta.url));

export interface ExportFigures {
  rows: number;
  exportMs: number;
  copyMs: number;
  maxRssKb: number;
}

/** The COPY that writes what a program's export writes: its default fields, newest first (export-rows.ts's order). */
function programCopySql(projectId: string, campaignId: string): string {
  const columns = defaultExportFields
    .filter((field) => field !== 'campaign_id')
    .map((field) => transactionColumns[field])
    .map((column) => (column.kind === 'json' ? `${column.jsonb}::text` : column.sql))
    .join(', ');
  return `SELECT ${columns} FROM card_transactions t WHERE t.project_id = '${projectId}' AND t.campaign_id = '${campaignId}' ORDER BY t.created_at DESC, t.seq DESC`;
}

export async function measureExport(url: string, pool: pg.Pool, projectId: string): Promise<ExportFigures> {
  const filesDir = mkdtempSync(join(tmpdir(), 'bench-scale-export-'));
  const database = await openDatabase({ url });
  const made: string[] = [];
  try {
    const ctx = await createContext(database, { ...loadConfig({}), dataDir: filesDir });
    const { rows: programs } = await pool.query<{ id: string; rows: number }>(
      `SELECT c.id, (SELECT count(*) FROM card_transactions t WHERE t.campaign_id = c.id)::int AS rows
       FROM campaigns c WHERE c.project_id = $1 AND EXISTS (SELECT 1 FROM card_transactions t WHERE t.campaign_id = c.id)`,
      [projectId],
    );
    const total: ExportFigures = { rows: 0, exportMs: 0, copyMs: 0, maxRssKb: 0 };
    for (const program of programs) {
      const created = await createCampaignTransactionsExport(ctx, projectId, program.id, undefined);
      made.push(created.id);
      const output = execFileSync(process.execPath, [...postgresServiceNodeFlags, '--import', 'tsx', worker], {
        env: { ...process.env, DATABASE: url, FILES_DIR: filesDir, EXPORT_IDS: created.id, COPY_SQL: programCopySql(projectId, program.id) },
        encoding: 'utf8',
        maxBuffer: 1 << 20,
      });
      const result = JSON.parse(output.trim().split('\n').at(-1) as string) as { status: string; rounds: { exportMs: number; copyMs: number }[]; maxRssAllKb: number; startRssKb: number };
      if (result.status !== 'DONE') throw new Error(`export of ${program.id} ended ${result.status}`);
      total.rows += program.rows;
      total.exportMs += result.rounds[0].exportMs;
      total.copyMs += result.rounds[0].copyMs;
      total.maxRssKb = Math.max(total.maxRssKb, result.maxRssAllKb);
      console.log(`  program ${program.id}: ${program.rows} rows, export ${Math.round(result.rounds[0].exportMs)} ms, COPY ${Math.round(result.rounds[0].copyMs)} ms, RSS ${Math.round(result.startRssKb / 1024)} MB before the export, ${Math.round(result.maxRssAllKb / 1024)} MB after`);
    }
    return total;
  } finally {
    // The kept database keeps no export of a run (their queued jobs then find nothing to do).
    if (made.length) await pool.query('DELETE FROM exports WHERE id = ANY($1)', [made]);
    await database.close();
    rmSync(filesDir, { recursive: true, force: true });
  }
}
