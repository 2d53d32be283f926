/**
 * Segment creation on PGlite and PostgreSQL, over real HTTP:
 *  1. POST /v1/segments with a 20,000-customer static segment, as a ratio to a plain multi-row
 *     INSERT of the same 20,000 segment_members rows in the same run (and the two ways of writing
 *     the rows the service could use: one unnest(array) statement, or 5,000-row multi-row INSERTs);
 *  2. an auto-update filter segment evaluated over 100,000 customers.
 * Usage: npm run bench:segment   (PostgreSQL from BENCH_DATABASE_URL, default the local server;
 * BENCH_RUNS repetitions, median shown; BENCH_SKIP_POSTGRES=1 for PGlite only)
 */
import { loadConfig } from '../../src/server/config';
import { createService } from '../../src/server/bootstrap';
import { openDatabase, type Database } from '../../src/platform/db/client';
import { loadFixture } from '../../src/server/seed/load-fixture';
import { openTestDatabase } from '../../test/support/databases';
import { fmt } from '../support/autocannon';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const staticSize = 20_000;
const filterCustomers = 100_000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/** Segment rows the reference inserts point at (segment_members has a foreign key to segments). */
async function scratchSegment(database: Database, projectId: string, id: string): Promise<void> {
  await database.execute(`INSERT INTO segments (id, project_id, name, type, created_at) VALUES ($1, $2, $1, 'static', now())`, [id, projectId]);
}

/** The reference: the same rows as one plain multi-row INSERT … VALUES (3 parameters per row). */
async function multiRowInsert(database: Database, projectId: string, segmentId: string, ids: string[], batch: number): Promise<void> {
  for (let start = 0; start < ids.length; start += batch) {
    const slice = ids.slice(start, start + batch);
    const values = slice.map((_, i) => `($${i * 3 + 1}, $${i * 3 + 2}, $${i * 3 + 3})`).join(', ');
    await database.execute(`INSERT INTO segment_members (segment_id, customer_id, project_id) VALUES ${values}`, slice.flatMap((id) => [segmentId, id, projectId]));
  }
}

async function unnestInsert(database: Database, projectId: string, segmentId: string, ids: string[]): Promise<void> {
  await database.execute(`INSERT INTO segment_members (segment_id, customer_id, project_id) SELECT $1, id, $2 FROM unnest($3::text[]) AS t(id)`, [segmentId, projectId, ids]);
}

async function measure(label: string, database: Database): Promise<void> {
  const project = await loadFixture(database, {
    project: { name: 'bench' },
    api_keys: [{ name: 'bench' }],
    generated_customers: { count: staticSize, source_id_prefix: 'static-' },
  });
  const ids = Array.from({ length: staticSize }, (_, i) => project.ids.customers.get(`static-${String(i + 1).padStart(5, '0')}`) as string);
  const { app } = await createService(database, { ...loadConfig({}), port: 0 });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const headers = { 'X-App-Id': project.keys[0].appId, 'X-App-Token': project.keys[0].appToken, 'content-type': 'application/json' };
  const post = async (body: unknown) => {
    const res = await fetch(`${base}/v1/segments`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (res.status !== 200) throw new Error(`POST /v1/segments answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as { id: string };
  };

  const times = { api: [] as number[], plain: [] as number[], batched: [] as number[], unnest: [] as number[] };
  for (let run = 0; run < runs; run++) {
    for (const kind of ['plain', 'batched', 'unnest'] as const) await scratchSegment(database, project.projectId, `seg_bench_${kind}_${run}`);
    times.plain.push(await timed(() => multiRowInsert(database, project.projectId, `seg_bench_plain_${run}`, ids, staticSize)));
    times.batched.push(await timed(() => multiRowInsert(database, project.projectId, `seg_bench_batched_${run}`, ids, 5_000)));
    times.unnest.push(await timed(() => unnestInsert(database, project.projectId, `seg_bench_unnest_${run}`, ids)));
    times.api.push(await timed(() => post({ name: `Static ${run}`, type: 'static', customers: ids })));
  }
  const api = median(times.api);
  const plain = median(times.plain);
  console.log(
    `${label.padEnd(10)} static 20,000: POST /v1/segments ${fmt(api)} ms | plain multi-row INSERT of the same rows ${fmt(plain)} ms | ratio ${fmt(api / plain, 2)}` +
      ` | rows alone: unnest ${fmt(median(times.unnest))} ms, 5,000-row INSERTs ${fmt(median(times.batched))} ms`,
  );

  // 100,000 customers with varied metadata and some events, written set-based by SQL.
  await database.execute(
    `INSERT INTO customers (id, project_id, source_id, name, metadata, created_at)
     SELECT 'cust_f' || n, $1, 'filter-' || n, 'Customer ' || n,
            jsonb_build_object('tier', (ARRAY['gold', 'silver', 'bronze', 'none'])[n % 4 + 1], 'visits', n % 100, 'joined', '2025-01-01'::date + (n % 365)),
            now() - (n % 1000) * interval '1 hour'
     FROM generate_series(1, $2::int) AS n`,
    [project.projectId, filterCustomers - staticSize],
  );
  await database.execute(
    `INSERT INTO events (id, project_id, customer_id, type, created_at)
     SELECT 'evcus_b' || n, $1, 'cust_f' || (n % 20000 + 1), 'purchase', now() FROM generate_series(1, 30000) AS n`,
    [project.projectId],
  );
  const filter = {
    junction: 'or',
    groups: [{ junction: 'and', 'metadata.tier': { conditions: { $in: ['gold', 'silver'] } }, 'metadata.visits': { conditions: { $more_than: 50 } } }],
    'events.purchase.count': { conditions: { $more_than: 1 } },
    'metadata.joined': { conditions: { $after: '2025-12-01' } },
  };
  const filterTimes: number[] = [];
  let segmentId = '';
  for (let run = 0; run < runs; run++) filterTimes.push(await timed(async () => (segmentId = (await post({ name: `Filter ${run}`, type: 'auto-update', filter })).id)));
  const [{ n }] = await database.execute<{ n: number }>('SELECT count(*)::int AS n FROM segment_members WHERE segment_id = $1', [segmentId]);
  console.log(`${label.padEnd(10)} filter segment over ${fmt(filterCustomers)} customers (metadata $in/$more_than/$after, events count): ${fmt(median(filterTimes))} ms, ${fmt(n)} members`);

  await app.close();
  await database.close();
}

async function main(): Promise<void> {
  await measure('PGlite', await openDatabase({ memory: true }));
  if (process.env.BENCH_SKIP_POSTGRES === '1') return;
  process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  await measure('PostgreSQL', await openTestDatabase('postgres'));
}

void main();
