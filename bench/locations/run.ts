/**
 * List Locations throughput with 10,000 stored locations, on PGlite and PostgreSQL: autocannon
 * against GET /v1/locations with a name filter (`$contains`, ILIKE over the project's rows, counted
 * in the same statement), a page of 100 as the dashboard asks, and the ratio to GET /healthz on the
 * same server in the same run.
 * Usage: npm run bench:locations   (PostgreSQL from BENCH_DATABASE_URL, default the local server;
 * BENCH_SECONDS per measurement; BENCH_SKIP_POSTGRES=1 for PGlite only)
 */
import { loadConfig } from '../../src/server/config';
import { createService } from '../../src/server/bootstrap';
import { openDatabase, type Database } from '../../src/platform/db/client';
import { loadFixture } from '../../src/server/seed/load-fixture';
import { openTestDatabase } from '../../test/support/databases';
import { benchLocations } from '../map/shapes';
import { fmt, load } from '../support/autocannon';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const stored = 10_000;
const words = ['Park', 'Station', 'Market', 'Harbour', 'Plaza', 'Garden', 'Mall', 'Square', 'Depot', 'Campus'];

async function measure(label: string, database: Database): Promise<void> {
  // The map bench's shapes (half circles, half 20-vertex polygons), named so one word in ten matches.
  const locations = benchLocations(stored).map(({ name: _name, shape, created_at }, i) => ({ name: `${words[i % words.length]} ${i}`, shape, created_at }));
  const project = await loadFixture(database, { project: { name: 'bench' }, api_keys: [{ name: 'bench' }], locations });
  const config = loadConfig({});
  // The per-project rate limit would answer 429 long before the endpoint's own limit shows.
  const { app } = await createService(database, { ...config, port: 0, rateLimit: { ...config.rateLimit, perMinute: 1_000_000_000 } });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const headers = { 'X-App-Id': project.keys[0].appId, 'X-App-Token': project.keys[0].appToken };
  const path = `/v1/locations?limit=100&order=-created_at&${encodeURIComponent('filters[name][conditions][$contains]')}=park`;

  const probe = (await (await fetch(base + path, { headers })).json()) as { total: number; data: unknown[] };
  const health = await load(`${base}/healthz`, { seconds });
  const list = await load(base + path, { headers, seconds });
  const all = await load(`${base}/v1/locations?limit=100`, { headers, seconds });
  console.log(
    `${label.padEnd(10)} List Locations, name filter (${fmt(probe.total)} of ${fmt(stored)} match, ${probe.data.length} returned): ${fmt(list.requestsPerSecond)} req/s, p99 ${fmt(list.p99Ms)} ms, non-2xx ${list.non2xx}` +
      ` | no filter ${fmt(all.requestsPerSecond)} req/s | /healthz ${fmt(health.requestsPerSecond)} req/s | ratio (filtered / healthz) ${fmt(list.requestsPerSecond / health.requestsPerSecond, 3)}`,
  );
  await app.close();
  await database.close();
}

async function main(): Promise<void> {
  await measure('PGlite', await openDatabase({ memory: true }));
  if (process.env.BENCH_SKIP_POSTGRES === '1') return;
  process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  await measure('PostgreSQL', await openTestDatabase('postgres'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
