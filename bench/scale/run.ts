/**
 * bench:scale (issue 31): the service at a real program's size, one million members and ten million
 * card transactions on PostgreSQL (build.ts, made once into its own database and kept), next to the
 * same measurements on a demo-sized project (the same fixture without the million, in a scratch
 * database) in the same run:
 * - hot paths (Add Member, Track event, Redeem reward, Adjust balance, Create order): p50, p99 and CPU
 *   µs per request (the service's thread + the PostgreSQL backends), BENCH_ROUNDS rounds of demo then
 *   scale, the median round each; goal: scale within 20 % of demo;
 * - member search by part of an email, a name, a source id, a card code: p95 ≤ 50 ms;
 * - List Members on page 1 and page 1,000; a card's transactions and its member activity at the
 *   first page and 1,000 pages deep (the cursor followed there), on a card with 10,000 transactions: p95 ≤ 20 ms;
 * - the points-expiration job over the 200,000 buckets due on one day, ≤ 60 s, with Track event on
 *   those cards during it: p99 ≤ 100 ms (the job's earlier run is undone first, so it re-runs);
 * - an export of all ten million card transactions (each program's, export.ts) against COPY of the
 *   same rows: ≥ 0.9× its rows/s, the exporting process's peak RSS < 300 MB;
 * - the database's size per million members.
 * Usage: npm run bench:scale  (BENCH_SCALE_URL, default postgres://postgres@127.0.0.1:5432/scale;
 * BENCH_ROUNDS default 3, BENCH_SECONDS default 4; BENCH_SKIP=hot,reads,expiry,export leaves parts out).
 */
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { openDatabase } from '../../src/platform/db/client';
import { hashSecret } from '../../src/platform/secrets';
import { loadFixture } from '../../src/server/seed/load-fixture';
import { scratchPostgresDatabase } from '../../test/support/databases';
import { operations, type Operation } from '../api/operations';
import { fmt, load, type LoadResult } from '../support/autocannon';
import { backendCpu, cpuBetween } from '../support/backend-cpu';
import { nextMessage } from '../support/worker-messages';
import { measureExport } from './export';
import { buildScaleDatabase, dueDay, freeCards, scaleKey, scaleFixture, scaleMembers, scaleProjectName } from './build';
import type { ScaleWorkerInput } from './service-worker';
import { postgresServiceWorkerLimits } from '../../src/platform/node-heap';

const scaleUrl = process.env.BENCH_SCALE_URL ?? 'postgres://postgres@127.0.0.1:5432/scale';
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const connections = 10;
const auth = { 'X-App-Id': scaleKey.id, 'X-App-Token': scaleKey.secret };
const hotPaths = ['Add Member', 'Track event', 'Redeem reward', 'Adjust balance', 'Create order (paid, one matching rule)'];
const load1 = () => loadavg().map((n) => n.toFixed(2)).join(' ');

function startWorker(input: ScaleWorkerInput) {
  const entry = new URL('./service-worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  const worker = new Worker(boot, { eval: true, resourceLimits: postgresServiceWorkerLimits, workerData: input });
  const ready = nextMessage<{ base: string }>(worker, 'ready');
  return {
    ready,
    async cpu() {
      const result = nextMessage<{ micros: number }>(worker, 'cpu');
      worker.postMessage('cpu');
      return (await result).micros;
    },
    async expire(now: string, projectId: string) {
      const result = nextMessage<{ run: { cards: number; points: number; transactions: number }; ms: number }>(worker, 'expired');
      worker.postMessage({ type: 'expire', now, projectId });
      return result;
    },
    async close() {
      const closed = nextMessage(worker, 'closed');
      worker.postMessage('close');
      await closed;
      await worker.terminate();
    },
  };
}

interface Side {
  label: 'demo' | 'scale';
  url: string;
  pool: pg.Pool;
  projectId: string;
  service: ReturnType<typeof startWorker>;
  base: string;
  ids: { campaignId: string; eventClubId: string; earningRuleId: string; rewardId: string; longCard: string; accessToken: string };
}

async function sideOf(label: Side['label'], url: string): Promise<Side> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on('error', () => undefined);
  const one = async (text: string, values: unknown[]) => (await pool.query<{ id: string }>(text, values)).rows[0]?.id;
  const projectId = (await one('SELECT id FROM projects WHERE name = $1', [label === 'scale' ? scaleProjectName : 'bench demo'])) as string;
  const campaign = (name: string) => one('SELECT id FROM campaigns WHERE project_id = $1 AND name = $2', [projectId, name]);
  // The loader keeps no fixture secret (it stores the document without them): the bench's key gets its known secret here.
  await pool.query('UPDATE api_keys SET secret_hash = $2 WHERE project_id = $1', [projectId, hashSecret(scaleKey.secret)]);
  const service = startWorker({ url, role: 'service' });
  const { base } = await service.ready;
  const token = await fetch(`${base}/v1/oauth/token`, { method: 'POST', headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials&scope=api' }).then(
    (r) => r.json() as Promise<{ access_token: string }>,
  );
  // The card with the most transactions: the scale project's 10,000 (build.ts), a spending card at demo size.
  const longCard = (await pool.query<{ code: string }>("SELECT code FROM vouchers WHERE id = 'v_sa_1'")).rows[0]?.code ?? 'SP-0';
  const ids = {
    campaignId: (await campaign('Bench Club')) as string,
    eventClubId: (await campaign('Event Club')) as string,
    earningRuleId: (await one("SELECT id FROM earning_rules WHERE project_id = $1 AND name = 'Points per visit'", [projectId])) as string,
    rewardId: (await one("SELECT id FROM rewards WHERE project_id = $1 AND name = 'Bench reward'", [projectId])) as string,
    longCard,
    accessToken: token.access_token,
  };
  return { label, url, pool, projectId, service, base, ids };
}

/** Free cards in Bench Club for Add Member: the kept database loses some in every run. */
async function topUpFreeCards(side: Side): Promise<void> {
  const { rows } = await side.pool.query<{ free: number }>('SELECT count(*)::int AS free FROM vouchers WHERE campaign_id = $1 AND holder_id IS NULL', [side.ids.campaignId]);
  const missing = freeCards - rows[0].free;
  if (missing <= 0) return;
  await side.pool.query(
    `INSERT INTO vouchers (id, project_id, campaign_id, code, created_at, updated_at)
     SELECT 'v_top' || md5(random()::text || g), $1, $2, 'B-T' || upper(substr(md5(random()::text || g), 1, 12)), now(), now() FROM generate_series(1, $3::int) g
     ON CONFLICT DO NOTHING`,
    [side.projectId, side.ids.campaignId, missing],
  );
}

interface Hot {
  result: LoadResult;
  cpu: number;
}

async function hotRound(side: Side, op: Operation): Promise<Hot> {
  const [svcBefore, pgBefore] = await Promise.all([side.service.cpu(), backendCpu(side.pool)]);
  const result = await load(`${side.base}${op.path}`, { method: op.method, headers: { ...auth, ...op.headers }, body: op.body, path: op.pathFor, seconds, connections });
  const [svcAfter, pgAfter] = await Promise.all([side.service.cpu(), backendCpu(side.pool)]);
  return { result, cpu: (svcAfter - svcBefore + cpuBetween(pgBefore, pgAfter)) / Math.max(1, result.requests) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

/** Latencies of `count` requests one after another (after two unmeasured), ms. */
async function timedGets(side: Side, path: string, count = 40): Promise<{ p50: number; p95: number; status: number }> {
  const times: number[] = [];
  let status = 0;
  for (let i = 0; i < count + 2; i++) {
    const started = performance.now();
    const response = await fetch(`${side.base}${path}`, { headers: auth });
    await response.arrayBuffer();
    status = response.status;
    if (i >= 2) times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), status };
}

/** The cursor 1,000 pages of ten deep in a list paged by `starting_after_id` (walked a hundred at a time). */
async function deepCursor(side: Side, path: string, key: 'data' | 'transactions'): Promise<string | undefined> {
  let after: string | undefined;
  for (let page = 0; page < 100; page++) {
    const response = await fetch(`${side.base}${path}${path.includes('?') ? '&' : '?'}limit=100${after ? `&starting_after_id=${after}` : ''}`, { headers: auth });
    const body = (await response.json()) as Record<string, unknown>;
    const rows = (body[key] ?? body.data ?? []) as { id: string }[];
    if (rows.length === 0) break;
    after = rows[rows.length - 1].id;
    if (body.has_more === false) break;
  }
  return after;
}

interface Line {
  measure: string;
  demo: string;
  scale: string;
  goal: string;
  verdict: string;
}
const lines: Line[] = [];

async function measureHot(demo: Side, scale: Side): Promise<void> {
  const run = `${process.pid}-${Date.now()}`;
  for (const name of hotPaths) {
    const per: Record<'demo' | 'scale', Hot[]> = { demo: [], scale: [] };
    for (let round = 0; round < rounds; round++) {
      for (const side of [demo, scale]) {
        const op = operations(side.ids, `${run}-${side.label}-${round}`).find((o) => o.name === name) as Operation;
        per[side.label].push(await hotRound(side, op));
      }
    }
    const summary = (hots: Hot[]) => {
      const byRate = [...hots].sort((a, b) => a.result.requestsPerSecond - b.result.requestsPerSecond)[Math.floor(hots.length / 2)];
      const non2xx = hots.reduce((sum, h) => sum + h.result.non2xx, 0);
      return { cpu: median(hots.map((h) => h.cpu)), p50: median(hots.map((h) => h.result.p50Ms)), p99: median(hots.map((h) => h.result.p99Ms)), rps: byRate.result.requestsPerSecond, non2xx };
    };
    const d = summary(per.demo);
    const s = summary(per.scale);
    const text = (x: typeof d) => `${fmt(x.cpu)} µs/req, p50/p99 ${fmt(x.p50)}/${fmt(x.p99)} ms, ${fmt(x.rps)} req/s${x.non2xx ? `, ${x.non2xx} non-2xx` : ''}`;
    const ratio = s.cpu / d.cpu;
    lines.push({ measure: name, demo: text(d), scale: text(s), goal: 'CPU/req ≤ 1.2× demo', verdict: `${fmt(ratio, 2)}× ${ratio <= 1.2 && s.non2xx === 0 ? 'met' : 'MISSED'}` });
    console.log(`  ${name}: demo ${text(d)} | scale ${text(s)} | load ${load1()}`);
  }
}

/** Search terms: part of an email, a name, a source id and a card code of one member in the middle of the project. */
async function searchTerms(side: Side): Promise<[string, string][]> {
  const { rows } = await side.pool.query<{ email: string | null; name: string; source_id: string; code: string }>(
    `SELECT c.email, c.name, c.source_id, v.code FROM customers c JOIN vouchers v ON v.holder_id = c.id
     WHERE c.project_id = $1 ORDER BY c.source_id = $2 DESC, c.created_at LIMIT 1`,
    [side.projectId, `scale-${Math.floor(scaleMembers / 2) + 7}`],
  );
  const m = rows[0];
  const lastName = m.name.split(' ').at(-1) as string;
  return [
    ['email part', (m.email ?? m.source_id).slice(2, 14)],
    ['name part', lastName.slice(0, 6).toLowerCase()],
    ['source id part', m.source_id.slice(3)],
    ['card code part', m.code.slice(1, 8)],
  ];
}

async function measureReads(demo: Side, scale: Side): Promise<void> {
  const sides = [demo, scale];
  const terms = await Promise.all(sides.map(searchTerms));
  for (let t = 0; t < 4; t++) {
    const results = [];
    for (const [i, side] of sides.entries()) results.push(await timedGets(side, `/v1/loyalties/members?q=${encodeURIComponent(terms[i][t][1])}&limit=10`));
    const [d, s] = results;
    lines.push({ measure: `Member search: ${terms[1][t][0]} ("${terms[1][t][1]}")`, demo: `p50/p95 ${fmt(d.p50, 1)}/${fmt(d.p95, 1)} ms`, scale: `p50/p95 ${fmt(s.p50, 1)}/${fmt(s.p95, 1)} ms`, goal: 'p95 ≤ 50 ms', verdict: s.p95 <= 50 && s.status === 200 ? 'met' : `MISSED${s.status !== 200 ? ` (${s.status})` : ''}` });
  }
  const listCases: [string, (side: Side) => Promise<string>][] = [
    ['List Members, page 1', async (side) => `/v1/loyalties/${side.ids.eventClubId}/members?limit=10&page=1`],
    ['List Members, page 1,000', async (side) => `/v1/loyalties/${side.ids.eventClubId}/members?limit=10&page=1000`],
    ['Card transactions (busiest card), first page', async (side) => `/v1/loyalties/members/${side.ids.longCard}/transactions?limit=10`],
    [
      'Card transactions, 1,000 pages deep',
      async (side) => {
        const after = await deepCursor(side, `/v1/loyalties/members/${side.ids.longCard}/transactions`, 'data');
        return `/v1/loyalties/members/${side.ids.longCard}/transactions?limit=10${after ? `&starting_after_id=${after}` : ''}`;
      },
    ],
    ['Member activity (busiest card), first page', async (side) => `/v1/loyalties/members/${side.ids.longCard}/activity?limit=10`],
    [
      'Member activity, 1,000 pages deep',
      async (side) => {
        const after = await deepCursor(side, `/v1/loyalties/members/${side.ids.longCard}/activity`, 'data');
        return `/v1/loyalties/members/${side.ids.longCard}/activity?limit=10${after ? `&starting_after_id=${after}` : ''}`;
      },
    ],
  ];
  for (const [name, pathOf] of listCases) {
    const results = [];
    for (const side of sides) results.push(await timedGets(side, await pathOf(side)));
    const [d, s] = results;
    lines.push({ measure: name, demo: `p50/p95 ${fmt(d.p50, 1)}/${fmt(d.p95, 1)} ms`, scale: `p50/p95 ${fmt(s.p50, 1)}/${fmt(s.p95, 1)} ms`, goal: 'p95 ≤ 20 ms', verdict: s.p95 <= 20 && s.status === 200 ? 'met' : `MISSED${s.status !== 200 ? ` (${s.status})` : ''}` });
  }
  console.log(`  reads measured | load ${load1()}`);
}

/**
 * Undoes an earlier run of the job on the due day, so it re-runs on the same 200,000 buckets: each
 * expiration's points go back to its bucket and card, and the balance of every later transaction of
 * the card (Track events during the job) moves by as much, so the ledger holds throughout.
 */
async function undoExpiry(side: Side): Promise<number> {
  const { rows } = await side.pool.query<{ undone: number }>(
    `WITH e AS (DELETE FROM card_transactions WHERE project_id = $1 AND type = 'POINTS_EXPIRATION' AND reason = $2 RETURNING voucher_id, seq, -amount AS pts),
     later AS (UPDATE card_transactions t SET balance = t.balance + e.pts FROM e WHERE t.voucher_id = e.voucher_id AND t.seq > e.seq),
     cards AS (UPDATE vouchers v SET balance = v.balance + e.pts, expired_points = v.expired_points - e.pts FROM e WHERE v.id = e.voucher_id),
     buckets AS (UPDATE point_buckets b SET remaining = b.remaining + e.pts FROM e WHERE b.voucher_id = e.voucher_id AND b.expires_on = $3)
     SELECT count(*)::int AS undone FROM e`,
    [side.projectId, `Points expired after ${dueDay}`, dueDay],
  );
  return rows[0].undone;
}

async function measureExpiry(scale: Side): Promise<void> {
  const undone = await undoExpiry(scale);
  if (undone) console.log(`  (undid the previous run's ${fmt(undone)} expirations)`);
  // The undo's dead rows vacuumed, as a live database's autovacuum would: left, they bloat every later
  // run (after ten runs, 2.5 M dead card transactions and hot paths costing up to 2× demo size).
  await scale.pool.query('VACUUM (ANALYZE) point_buckets, card_transactions, vouchers');
  const job = startWorker({ url: scale.url, role: 'job' });
  await job.ready;
  const now = new Date(Date.parse(`${dueDay}T00:00:00Z`) + 36 * 3_600_000).toISOString();
  // Track event for members whose cards are expiring, paced at 200/s over the whole job.
  let n = 0;
  const due = () => `scale-${5 * (1 + ((n++ * 7919) % Math.floor(scaleMembers / 5)))}`;
  const track = operations(scale.ids, 'expiry').find((o) => o.name === 'Track event') as Operation;
  const send = () => JSON.stringify({ event: 'bench_visit', customer: { source_id: due() }, metadata: { amount: 12 } });
  // The service's first Track events (connections opened, statements prepared, code compiled) before the job, not counted:
  // with the hot paths skipped they fell in the job's first window, whose p99 was the run's worst even with no job running.
  await load(`${scale.base}${track.path}`, { method: 'POST', headers: { ...auth, ...track.headers }, body: send, seconds: 2, connections, rate: 200 });
  let stop = false;
  const results: LoadResult[] = [];
  const tracking = (async () => {
    while (!stop) {
      results.push(await load(`${scale.base}${track.path}`, { method: 'POST', headers: { ...auth, ...track.headers }, body: send, seconds: 2, connections, rate: 200 }));
    }
  })();
  const expired = await job.expire(now, scale.projectId);
  stop = true;
  await tracking;
  await job.close();
  const p99 = Math.max(...results.map((r) => r.p99Ms));
  const non2xx = results.reduce((sum, r) => sum + r.non2xx, 0);
  const sent = results.reduce((sum, r) => sum + r.requests, 0);
  const jobSeconds = expired.ms / 1000;
  lines.push({ measure: `Points expiration job (${fmt(expired.run.cards)} cards, ${fmt(expired.run.points)} points)`, demo: '', scale: `${fmt(jobSeconds, 1)} s`, goal: '≤ 60 s', verdict: jobSeconds <= 60 && expired.run.cards >= scaleMembers / 5 ? 'met' : 'MISSED' });
  lines.push({ measure: 'Track event on expiring cards during the job (200/s)', demo: '', scale: `worst 2 s window p99 ${fmt(p99)} ms, ${fmt(sent)} events${non2xx ? `, ${non2xx} non-2xx` : ''}`, goal: 'p99 ≤ 100 ms', verdict: p99 <= 100 && non2xx === 0 ? 'met' : 'MISSED' });
  console.log(`  expiry measured | load ${load1()}`);
}

/** Cards whose balance is not their transactions' sum or their open buckets' sum, among the first `limit` of the project. */
async function ledgerOff(side: Side, limit: number): Promise<number> {
  const { rows } = await side.pool.query<{ off: number }>(
    `SELECT count(*)::int AS off FROM (SELECT * FROM vouchers WHERE project_id = $1 AND holder_id IS NOT NULL ORDER BY id LIMIT $2) v
     WHERE v.balance <> v.points - v.expired_points - v.subtracted_points - v.redeemed_points
        OR v.balance <> (SELECT coalesce(sum(amount), 0) FROM card_transactions t WHERE t.voucher_id = v.id)
        OR v.balance <> (SELECT coalesce(sum(remaining), 0) FROM point_buckets b WHERE b.voucher_id = v.id)`,
    [side.projectId, limit],
  );
  return rows[0].off;
}

async function main(): Promise<void> {
  console.log(`bench:scale, load average ${load1()}`);
  const built = performance.now();
  await buildScaleDatabase(scaleUrl);
  const buildSeconds = (performance.now() - built) / 1000;
  const admin = new URL(scaleUrl);
  admin.pathname = '/postgres';
  const scratch = await scratchPostgresDatabase(admin.toString(), 'bench_demo');
  try {
    const demoDb = await openDatabase({ url: scratch.url });
    await loadFixture(demoDb, scaleFixture('bench demo'));
    await demoDb.close();
    const demo = await sideOf('demo', scratch.url);
    const scale = await sideOf('scale', scaleUrl);
    await topUpFreeCards(scale);
    const [{ rows: counts }] = await Promise.all([scale.pool.query<{ customers: number; transactions: number; buckets: number }>(
      `SELECT (SELECT count(*) FROM customers WHERE project_id = $1)::int AS customers,
              (SELECT reltuples FROM pg_class WHERE relname = 'card_transactions')::bigint AS transactions,
              (SELECT count(*) FROM point_buckets WHERE project_id = $1)::int AS buckets`,
      [scale.projectId],
    )]);
    console.log(`scale project: ${fmt(counts[0].customers)} customers, ~${fmt(Number(counts[0].transactions))} card transactions, ${fmt(counts[0].buckets)} point buckets`);
    if (!skip.has('hot')) await measureHot(demo, scale);
    if (!skip.has('reads')) await measureReads(demo, scale);
    if (!skip.has('expiry')) await measureExpiry(scale);
    if (!skip.has('export')) {
      const exported = await measureExport(scale.url, scale.pool, scale.projectId);
      const ratio = exported.copyMs / exported.exportMs;
      const rate = (ms: number) => fmt(exported.rows / (ms / 1000));
      lines.push({
        measure: `Export of all ${fmt(exported.rows)} card transactions (every program's)`,
        demo: '',
        scale: `${rate(exported.exportMs)} rows/s (${fmt(exported.exportMs / 1000, 1)} s) against COPY's ${rate(exported.copyMs)}: ${fmt(ratio, 2)}×; peak RSS ${fmt(exported.maxRssKb / 1024)} MB`,
        goal: '≥ 0.9× COPY, RSS < 300 MB',
        verdict: ratio >= 0.9 && exported.maxRssKb < 300 * 1024 ? 'met' : 'MISSED',
      });
      console.log(`  export measured | load ${load1()}`);
    }
    const [demoSize, scaleSize] = await Promise.all([demo, scale].map(async (side) => Number((await side.pool.query<{ size: string }>('SELECT pg_database_size(current_database()) AS size')).rows[0].size)));
    lines.push({ measure: 'Database size', demo: `${fmt(demoSize / 1e6)} MB`, scale: `${fmt(scaleSize / 1e9, 2)} GB (${fmt((scaleSize - demoSize) / 1e9 / (scaleMembers / 1e6), 2)} GB per million members)`, goal: '', verdict: '' });
    const off = await Promise.all([demo, scale].map((side) => ledgerOff(side, 20_000)));
    lines.push({ measure: 'Ledger (balance = transactions = open buckets), first 20,000 cards', demo: `${off[0]} off`, scale: `${off[1]} off`, goal: '0 off', verdict: off[0] + off[1] === 0 ? 'met' : 'MISSED' });
    for (const side of [demo, scale]) {
      await side.service.close();
      await side.pool.end();
    }
  } finally {
    await scratch.drop();
  }
  const header: Line = { measure: 'Measure', demo: 'Demo size', scale: `Scale (${fmt(scaleMembers / 1e6, 1)} M members)`, goal: 'Goal', verdict: 'Verdict' };
  const widths = (Object.keys(header) as (keyof Line)[]).map((key) => Math.max(...[header, ...lines].map((line) => line[key].length)));
  console.log(`\nbench:scale (build ${fmt(buildSeconds)} s${buildSeconds < 5 ? ', kept from an earlier run' : ''}; ${rounds} rounds of ${seconds} s for the hot paths; load average ${load1()})`);
  for (const line of [header, ...lines]) console.log((Object.keys(header) as (keyof Line)[]).map((key, i) => line[key].padEnd(widths[i])).join(' | '));
}

await main();
