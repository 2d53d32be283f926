/**
 * Customer CSV import throughput on PostgreSQL: a BENCH_ROWS-row file (default 100,000; every
 * standard column and two metadata columns) imported as POST /v1/customers/importCSV does it (read
 * and every row checked, the action recorded, then its job run to DONE in this process: each row
 * Create Customer's upsert with the customer hooks, 200 rows a transaction). The reference, in the
 * same run: the same rows written into the same table by one `COPY … FROM STDIN` (no checks, no
 * hooks, no per-row statements: the floor of what PostgreSQL takes). Printed: wall seconds, rows/s,
 * this process's CPU ms per 1,000 rows, the ratio COPY/import. BENCH_ROUNDS rounds (default 1),
 * each into a new project.
 * Usage: npm run bench:import   (PostgreSQL from BENCH_DATABASE_URL, default the local server)
 */
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { createContext } from '../../src/server/bootstrap';
import { loadConfig } from '../../src/server/config';
import { loadFixture } from '../../src/server/seed/load-fixture';
import { importCustomersCsv } from '../../src/server/services/import-csv';
import { runAsyncAction } from '../../src/server/services/run-async-action';
import { openTestDatabase } from '../../test/support/databases';

const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The file: the contract's column names, text that needs quoting now and then. */
function customersCsv(tag: string): string {
  const lines = ['Source_id,Name,Email,Phone,Birthdate,Address_line_1,Address_City,Address_Postal_Code,Address_Country,Description,tier,signup_store'];
  for (let i = 0; i < rows; i++) {
    lines.push(`${tag}-${i},Person ${i},person.${i}@example.com,+48 600 ${String(i).padStart(6, '0')},1990-01-${String((i % 28) + 1).padStart(2, '0')},"Main St ${i}, flat ${i % 9}",Warsaw,00-${String(i % 1000).padStart(3, '0')},PL,${i % 11 === 0 ? '"said ""hi"""' : ''},${i % 3 === 0 ? 'gold' : 'silver'},store-${i % 50}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The same rows as COPY text into `customers` of another project. */
async function copyRows(pool: pg.Pool, projectId: string, tag: string): Promise<number> {
  const client = await pool.connect();
  try {
    const start = performance.now();
    const stream = client.query(copyFrom('COPY customers (id, project_id, source_id, name, email, phone, birthdate, address, metadata, created_at) FROM STDIN WITH (FORMAT csv)'));
    const now = new Date().toISOString();
    async function* records() {
      for (let i = 0; i < rows; i++) {
        const address = JSON.stringify({ line_1: `Main St ${i}, flat ${i % 9}`, city: 'Warsaw', postal_code: `00-${String(i % 1000).padStart(3, '0')}`, country: 'PL' }).replaceAll('"', '""');
        const metadata = JSON.stringify({ tier: i % 3 === 0 ? 'gold' : 'silver', signup_store: `store-${i % 50}` }).replaceAll('"', '""');
        yield `cust_${tag}_${i},${projectId},${tag}-${i},Person ${i},person.${i}@example.com,+48 600 ${i},1990-01-01,"${address}","${metadata}",${now}\n`;
      }
    }
    await pipeline(Readable.from(records()), stream);
    return performance.now() - start;
  } finally {
    client.release();
  }
}

async function main(): Promise<void> {
  process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const database = await openTestDatabase('postgres');
  try {
    const ctx = await createContext(database, loadConfig({}));
    for (let round = 1; round <= rounds; round++) {
      const { projectId } = await loadFixture(database, { project: { name: `bench-import-${round}` }, api_keys: [{ name: 'bench' }] });
      const csv = customersCsv(`r${round}`);
      const cpu = process.cpuUsage();
      const start = performance.now();
      const { async_action_id: id } = await importCustomersCsv(ctx, projectId, csv, `bench-${round}`);
      const accepted = performance.now() - start;
      if ((await runAsyncAction(ctx, id)) !== 'done') throw new Error('the import did not end');
      const importMs = performance.now() - start;
      const used = process.cpuUsage(cpu);
      const [action] = await database.execute<{ status: string; done_count: number }>('SELECT status, done_count FROM async_actions WHERE id = $1', [id]);
      if (action.status !== 'DONE' || action.done_count !== rows) throw new Error(`import ended ${action.status} with ${action.done_count} rows`);
      const other = await loadFixture(database, { project: { name: `bench-copy-${round}` }, api_keys: [{ name: 'bench' }] });
      const copyMs = await copyRows(database.pool as pg.Pool, other.projectId, `c${round}`);
      console.log(
        `round ${round}: ${fmt(rows)} customers (${fmt(csv.length / 1e6, 1)} MB CSV): import ${fmt(importMs / 1000, 1)} s (${fmt(rows / (importMs / 1000))} rows/s; accepted in ${fmt(accepted / 1000, 2)} s), ` +
          `${fmt(((used.user + used.system) / 1000 / rows) * 1000)} ms service CPU per 1,000 rows | COPY ${fmt(copyMs / 1000, 2)} s (${fmt(rows / (copyMs / 1000))} rows/s) | ratio import/COPY time ${fmt(importMs / copyMs, 1)}`,
      );
    }
    await ctx.cardChanges.settled();
  } finally {
    await database.close();
  }
}

void main();
