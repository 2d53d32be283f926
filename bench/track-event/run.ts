/**
 * Track Custom Event throughput on PGlite and PostgreSQL: autocannon against POST /v1/events that
 * earn points, spread over 500 cards and all on one hot card (serialised by the card lock), with
 * the ratio to GET /healthz on the same server in the same run, and a check that no point was lost.
 * Usage: npx tsx bench/track-event/run.ts   (PostgreSQL from BENCH_DATABASE_URL, default the local server)
 */
import { loadConfig } from '../../src/server/config';
import { createService } from '../../src/server/bootstrap';
import { openDatabase, type Database } from '../../src/platform/db/client';
import { loadFixture } from '../../src/server/seed/load-fixture';
import { openTestDatabase } from '../../test/support/databases';
import { fmt, load } from '../support/autocannon';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const members = 500;

async function measure(label: string, database: Database): Promise<void> {
  const ids = Array.from({ length: members }, (_, i) => `m${i}`);
  const project = await loadFixture(database, {
    project: { name: 'bench' },
    api_keys: [{ name: 'bench' }],
    customers: ids.map((source_id) => ({ source_id, metadata: { tier: 'gold' } })),
    campaigns: [{ name: 'Bench Club', type: 'STATIC', cards: ids.map((id) => ({ code: `C-${id}`, holder: id })) }],
    event_schemas: [{ name: 'visit', properties: { amount: { type: 'number', required: true } } }],
    earning_rules: [
      {
        name: 'Visit points',
        trigger: { event: 'customer.custom_event', custom_event: { schema: 'visit' } },
        earnings: [
          {
            rules: { logic: '1', 1: { name: 'customer.metadata', property: 'tier', conditions: { $is: ['gold'] } } },
            effects: [{ type: 'POINTS_PROPORTIONAL', points_proportional: { calculation_type: 'CUSTOM_EVENT_METADATA_VALUE', custom_event: { metadata: { every: 10, value: 1, property: 'amount' } } } }],
          },
        ],
        campaigns: ['Bench Club'],
      },
    ],
  });
  const { app } = await createService(database, { ...loadConfig({}), port: 0 });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const headers = { 'X-App-Id': project.keys[0].appId, 'X-App-Token': project.keys[0].appToken, 'content-type': 'application/json' };
  const customerIds = ids.map((id) => project.ids.customers.get(id) as string);
  let n = 0;
  // By customer id: no profile upsert, so the card lock is the only thing requests queue on.
  const spread = () => JSON.stringify({ event: 'visit', customer: customerIds[n % members], loyalty: { code: `C-${ids[n++ % members]}` }, metadata: { amount: 25 } });
  const hot = () => JSON.stringify({ event: 'visit', customer: customerIds[0], loyalty: { code: 'C-m0' }, metadata: { amount: 25 } });

  const health = await load(`${base}/healthz`, { seconds });
  const spreadRun = await load(`${base}/v1/events`, { method: 'POST', headers, seconds, body: spread });
  const hotRun = await load(`${base}/v1/events`, { method: 'POST', headers, seconds, body: hot });
  const [events] = await database.execute<{ n: number }>(`SELECT count(*)::int AS n FROM events`);
  const [points] = await database.execute<{ total: number; accruals: number }>(`SELECT coalesce(sum(points),0)::int AS total, (SELECT count(*)::int FROM card_transactions) AS accruals FROM vouchers`);
  const ok = points.total === events.n * 2 && points.accruals === events.n;
  console.log(
    `${label.padEnd(10)} events over ${members} cards ${fmt(spreadRun.requestsPerSecond)} req/s (p99 ${fmt(spreadRun.p99Ms)} ms, ratio ${fmt(spreadRun.requestsPerSecond / health.requestsPerSecond, 3)}) | ` +
      `one hot card ${fmt(hotRun.requestsPerSecond)} req/s (p99 ${fmt(hotRun.p99Ms)} ms, ratio ${fmt(hotRun.requestsPerSecond / health.requestsPerSecond, 3)}) | /healthz ${fmt(health.requestsPerSecond)} req/s | ` +
      `non-2xx ${spreadRun.non2xx + hotRun.non2xx} | ${events.n} events → ${points.total} points: ${ok ? 'none lost' : 'MISMATCH'}`,
  );
  await app.close();
  await database.close();
}

async function main(): Promise<void> {
  await measure('PGlite', await openDatabase({ memory: true }));
  process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  await measure('PostgreSQL', await openTestDatabase('postgres'));
}

void main();
