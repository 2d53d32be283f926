/**
 * Add Member throughput on PGlite and PostgreSQL: autocannon against POST /v1/loyalties/{id}/members
 * with a new customer per request, and the ratio to GET /healthz on the same server in the same run.
 * Usage: npm run bench:add-member   (PostgreSQL from BENCH_DATABASE_URL, default the local server)
 */
import { loadConfig } from '../../src/server/config';
import { createService } from '../../src/server/bootstrap';
import { openDatabase, type Database } from '../../src/platform/db/client';
import { loadFixture } from '../../src/server/seed/load-fixture';
import { openTestDatabase } from '../../test/support/databases';
import { fmt, load } from '../support/autocannon';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);

async function measure(label: string, database: Database): Promise<void> {
  const project = await loadFixture(database, {
    project: { name: 'bench' },
    api_keys: [{ name: 'bench' }],
    campaigns: [{ name: 'Bench Club', type: 'AUTO_UPDATE', code_config: { prefix: 'B-', length: 12 }, generated_cards: 20_000 }],
  });
  const { app } = await createService(database, { ...loadConfig({}), port: 0 });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const headers = { 'X-App-Id': project.keys[0].appId, 'X-App-Token': project.keys[0].appToken, 'content-type': 'application/json' };
  const campaignId = project.ids.campaigns.get('Bench Club') as string;
  let n = 0;
  const run = `${process.pid}-${Date.now()}`;

  const health = await load(`${base}/healthz`, { seconds });
  const add = await load(`${base}/v1/loyalties/${campaignId}/members`, {
    method: 'POST',
    headers,
    seconds,
    body: () => JSON.stringify({ customer: { source_id: `bench-${run}-${n++}`, name: 'Bench Customer' } }),
  });
  const [{ dupes }] = await database.execute<{ dupes: number }>('SELECT count(*)::int AS dupes FROM (SELECT voucher_id FROM publications GROUP BY voucher_id HAVING count(*) > 1) d');
  console.log(
    `${label.padEnd(10)} Add Member ${fmt(add.requestsPerSecond)} req/s, p99 ${fmt(add.p99Ms)} ms, non-2xx ${add.non2xx} | /healthz ${fmt(health.requestsPerSecond)} req/s | ratio ${fmt(add.requestsPerSecond / health.requestsPerSecond, 3)} | cards published twice: ${dupes}`,
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
