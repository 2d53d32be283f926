/**
 * The scale project of bench:scale (issue 31), built once into its own PostgreSQL database and kept
 * for re-runs: the bench:api project (its programs, rules, reward, key) plus 1,000,000 customers,
 * each with a card in Event Club and every second one a card in Spend Club too (1.5 M cards), about
 * 10,000,000 card transactions over two years, 1,000,000 point buckets of which a fifth fall due on
 * one day (`dueDay`), and two static segments. Made with set-based SQL (generate_series), with
 * card_transactions' indexes and card reference dropped during the load and made again after it.
 *
 * The ledger holds as the service keeps it (domain/card-ledger.ts): every card's totals are its
 * transactions (balance = points − expired − subtracted − redeemed = the sum of its amounts, each
 * row's `balance` the running sum), and its balance is the sum of its open buckets.
 * - Event Club card of customer n: k − 1 accruals of 10 points, then a redemption of 20 (k = 7, and
 *   10,000 for customer 1: "a card with 10,000 transactions"); one bucket holding the balance, due
 *   on `dueDay` when n % 5 = 0, else on a day of 2027–2028.
 * - Spend Club card (n even): +10, −10 redeemed, +10, −10 redeemed, +10, −10 expired: balance 0, no open bucket.
 */
import pg from 'pg';
import { openDatabase } from '../../src/platform/db/client';
import { loadFixture } from '../../src/server/seed/load-fixture';
import { benchFixture } from '../api/fixture';

export const scaleMembers = Number(process.env.BENCH_SCALE_MEMBERS ?? 1_000_000);
/** Transactions of Event Club cards (customer 1's card has `longCard`). */
export const eventCardTransactions = 7;
export const longCard = 10_000;
/** The day a fifth of the buckets fall due: the expiration job runs as of the next day. */
export const dueDay = '2026-06-30';
export const scaleKey = { id: 'bench-scale-key', secret: 'bench-scale-secret-0123456789' };
export const scaleProjectName = 'bench scale';
/** Free cards in Bench Club for Add Member; topped up before each run (topUpFreeCards). */
export const freeCards = 20_000;

/** The bench:api project, with a fixed key so that a re-run can use the kept database. */
export function scaleFixture(name: string) {
  const fixture = benchFixture(freeCards);
  return {
    ...fixture,
    project: { name },
    api_keys: [{ name: 'bench', id: scaleKey.id, secret: scaleKey.secret }],
    segments: [
      { name: 'Scale newsletter', type: 'static' as const },
      { name: 'Scale VIP', type: 'static' as const },
    ],
  };
}

const firstNames = ['Ada', 'Bram', 'Chloe', 'Daan', 'Eva', 'Finn', 'Gina', 'Hugo', 'Ines', 'Jan', 'Kim', 'Lars', 'Mila', 'Noah', 'Olga', 'Piet', 'Quinn', 'Rosa', 'Sem', 'Tess', 'Ugo', 'Vera', 'Wim', 'Xena', 'Yara', 'Zoe', 'Anna', 'Bo', 'Cas', 'Dirk'];
const syllables = ['van', 'der', 'berg', 'hof', 'mol', 'kam', 'pen', 'dal', 'vos', 'bos', 'ter', 'lin', 'rok', 'sma', 'jan', 'sen', 'wel', 'kos', 'ter', 'mei', 'jer', 'dijk', 'stra', 'mans', 'hout', 'ling', 'broek', 'veld', 'zand', 'beek'];

/** The tables the build fills. */
const bulkTables = ['customers', 'vouchers', 'publications', 'card_transactions', 'point_buckets', 'segment_members'];

const sqlArray = (values: string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(',')}]`;

/** The steps after the fixture, in order; each is one statement (or a few) over every row. */
function steps(projectId: string, ids: { eventClub: string; spendClub: string; newsletter: string; vip: string }): [string, string][] {
  const n = scaleMembers;
  const first = `(${sqlArray(firstNames)})[1 + g % ${firstNames.length}]`;
  const last = `initcap((${sqlArray(syllables)})[1 + (g / ${firstNames.length}) % ${syllables.length}] || (${sqlArray(syllables)})[1 + (g / ${firstNames.length * syllables.length}) % ${syllables.length}])`;
  // Spread over two years before the due day; transaction i of k at the i-th part of it.
  const start = `timestamptz '2024-07-01'`;
  const txAt = (i: string, k: string) => `${start} + ((${i} - 1) * 700.0 / ${k}) * interval '1 day' + (g % 86400) * interval '1 second'`;
  const a = (g: string) => `'v_sa_' || ${g}`;
  const b = (g: string) => `'v_sb_' || ${g}`;
  const kOf = `(CASE WHEN g = 1 THEN ${longCard} ELSE ${eventCardTransactions} END)`;
  const out: [string, string][] = [
    [
      'customers',
      `INSERT INTO customers (id, project_id, source_id, name, email, metadata, created_at, updated_at)
       SELECT 'cust_s' || g, '${projectId}', 'scale-' || g, ${first} || ' ' || ${last},
              lower(${first}) || '.' || lower(${last}) || g || '@mail' || (g % 7) || '.test', '{}',
              ${start} + (g * 600.0 / ${n}) * interval '1 day', ${start} + (g * 600.0 / ${n}) * interval '1 day'
       FROM generate_series(1, ${n}) g`,
    ],
    [
      'Event Club cards',
      `INSERT INTO vouchers (id, project_id, campaign_id, code, holder_id, publish_count, points, balance, redeemed_points, created_at, updated_at)
       SELECT ${a('g')}, '${projectId}', '${ids.eventClub}', 'EC-' || upper(lpad(to_hex(g::bigint * 7919), 10, '0')), 'cust_s' || g, 1,
              10 * (${kOf} - 1), 10 * (${kOf} - 1) - 20, 20, ${start} + (g * 600.0 / ${n}) * interval '1 day', ${txAt(kOf, kOf)}
       FROM generate_series(1, ${n}) g`,
    ],
    [
      'Spend Club cards',
      `INSERT INTO vouchers (id, project_id, campaign_id, code, holder_id, publish_count, points, balance, redeemed_points, expired_points, created_at, updated_at)
       SELECT ${b('g')}, '${projectId}', '${ids.spendClub}', 'SC-' || upper(lpad(to_hex(g::bigint * 6007), 10, '0')), 'cust_s' || g, 1,
              30, 0, 20, 10, ${start} + (g * 600.0 / ${n}) * interval '1 day', ${txAt('6', '6')}
       FROM generate_series(2, ${n}, 2) g`,
    ],
    [
      'publications',
      `INSERT INTO publications (id, project_id, campaign_id, voucher_id, customer_id, channel, created_at)
       SELECT 'pub_s' || v.id, '${projectId}', v.campaign_id, v.id, v.holder_id, 'API', v.created_at
       FROM vouchers v WHERE (v.id LIKE 'v\\_sa\\_%' OR v.id LIKE 'v\\_sb\\_%') AND v.project_id = '${projectId}'`,
    ],
  ];
  // Event Club transactions, one statement per position i (the long card's in its own), so rows come roughly in time order.
  for (let i = 1; i <= eventCardTransactions; i++) {
    const last = i === eventCardTransactions;
    out.push([
      `Event Club transactions ${i}/${eventCardTransactions}`,
      `INSERT INTO card_transactions (id, project_id, voucher_id, campaign_id, type, reason, source, amount, balance, details, created_at)
       SELECT 'vtx_sa' || ${i} || '_' || g, '${projectId}', ${a('g')}, '${ids.eventClub}', '${last ? 'POINTS_REDEMPTION' : 'POINTS_ACCRUAL'}',
              ${last ? "'Bench reward'" : 'NULL'}, 'API', ${last ? -20 : 10}, ${last ? `10 * (${i} - 1) - 20` : `10 * ${i}`}, '{}', ${txAt(String(i), String(eventCardTransactions))}
       FROM generate_series(2, ${n}) g`,
    ]);
  }
  out.push([
    `the card with ${longCard} transactions`,
    `INSERT INTO card_transactions (id, project_id, voucher_id, campaign_id, type, reason, source, amount, balance, details, created_at)
     SELECT 'vtx_sa' || i || '_1', '${projectId}', 'v_sa_1', '${ids.eventClub}', CASE WHEN i = ${longCard} THEN 'POINTS_REDEMPTION' ELSE 'POINTS_ACCRUAL' END,
            NULL, 'API', CASE WHEN i = ${longCard} THEN -20 ELSE 10 END, CASE WHEN i = ${longCard} THEN 10 * (i - 1) - 20 ELSE 10 * i END, '{}',
            ${start} + ((i - 1) * 700.0 / ${longCard}) * interval '1 day'
     FROM generate_series(1, ${longCard}) i`,
  ]);
  const spend: [string, number, number][] = [
    ['POINTS_ACCRUAL', 10, 10],
    ['POINTS_REDEMPTION', -10, 0],
    ['POINTS_ACCRUAL', 10, 10],
    ['POINTS_REDEMPTION', -10, 0],
    ['POINTS_ACCRUAL', 10, 10],
    ['POINTS_EXPIRATION', -10, 0],
  ];
  for (const [index, [type, amount, balance]] of spend.entries()) {
    const i = index + 1;
    out.push([
      `Spend Club transactions ${i}/${spend.length}`,
      `INSERT INTO card_transactions (id, project_id, voucher_id, campaign_id, type, reason, source, amount, balance, details, created_at)
       SELECT 'vtx_sb' || ${i} || '_' || g, '${projectId}', ${b('g')}, '${ids.spendClub}', '${type}', ${type === 'POINTS_EXPIRATION' ? "'Points expired'" : 'NULL'},
              ${type === 'POINTS_EXPIRATION' ? "'Automation'" : "'API'"}, ${amount}, ${balance}, '{}', ${txAt(String(i), String(spend.length))}
       FROM generate_series(2, ${n}, 2) g`,
    ]);
  }
  out.push(
    [
      'point buckets',
      `INSERT INTO point_buckets (id, project_id, voucher_id, transaction_id, points, remaining, expires_on, created_at)
       SELECT 'lopb_s' || g, '${projectId}', ${a('g')}, 'vtx_sa' || (${kOf} - 1) || '_' || g, 10 * (${kOf} - 1), 10 * (${kOf} - 1) - 20,
              CASE WHEN g % 5 = 0 THEN '${dueDay}' ELSE to_char(date '2027-01-01' + (g % 730), 'YYYY-MM-DD') END, ${txAt(`${kOf} - 1`, kOf)}
       FROM generate_series(1, ${n}) g`,
    ],
    [
      'segment members',
      `INSERT INTO segment_members (segment_id, customer_id, project_id)
       SELECT '${ids.newsletter}', 'cust_s' || g, '${projectId}' FROM generate_series(1, ${n}, 3) g
       UNION ALL SELECT '${ids.vip}', 'cust_s' || g, '${projectId}' FROM generate_series(1, ${n}, 50) g`,
    ],
  );
  return out;
}

/** Runs `statement`, printing how long it took. */
async function timed(client: pg.ClientBase, label: string, statement: string): Promise<void> {
  const started = performance.now();
  const result = await client.query(statement);
  console.log(`  ${label}: ${result.rowCount ?? ''} rows, ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Is the scale project there and complete? (The marker row is written last.) */
async function built(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch {
    return false;
  }
  try {
    const { rows } = await client.query<{ done: boolean }>("SELECT to_regclass('bench_scale_built') IS NOT NULL AS done");
    return rows[0].done;
  } finally {
    await client.end();
  }
}

/** Makes the scale database unless it is there complete; a half-built one is dropped and made again. */
export async function buildScaleDatabase(url: string): Promise<void> {
  if (await built(url)) return;
  const name = new URL(url).pathname.slice(1);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const started = performance.now();
  console.log(`Building ${scaleMembers.toLocaleString('en-US')} members into ${name} (kept for re-runs) …`);

  const database = await openDatabase({ url });
  const project = await loadFixture(database, scaleFixture(scaleProjectName));
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SET maintenance_work_mem = '512MB'; SET synchronous_commit = off; SET work_mem = '64MB'");
    const campaign = async (campaignName: string) => (await client.query<{ id: string }>('SELECT id FROM campaigns WHERE project_id = $1 AND name = $2', [project.projectId, campaignName])).rows[0].id;
    const segment = async (segmentName: string) => (await client.query<{ id: string }>('SELECT id FROM segments WHERE project_id = $1 AND name = $2', [project.projectId, segmentName])).rows[0].id;
    const ids = { eventClub: await campaign('Event Club'), spendClub: await campaign('Spend Club'), newsletter: await segment('Scale newsletter'), vip: await segment('Scale VIP') };
    // The bulk tables' indexes (but their primary keys) and the references on or to them are made again after the
    // load: one sort each instead of millions of insertions into them.
    const { rows: fks } = await client.query<{ name: string; table: string; def: string }>(
      `SELECT conname AS name, conrelid::regclass::text AS table, pg_get_constraintdef(oid) AS def FROM pg_constraint
       WHERE contype = 'f' AND (conrelid::regclass::text = ANY($1) OR confrelid::regclass::text = ANY($1))`,
      [bulkTables],
    );
    const { rows: indexes } = await client.query<{ name: string; def: string }>(
      `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
       WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname AND c.contype = 'p')`,
      [bulkTables],
    );
    for (const fk of fks) await client.query(`ALTER TABLE ${fk.table} DROP CONSTRAINT ${fk.name}`);
    for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
    for (const [label, statement] of steps(project.projectId, ids)) await timed(client, label, statement);
    for (const index of indexes) await timed(client, `index ${index.name}`, index.def);
    for (const fk of fks) await timed(client, `reference ${fk.name}`, `ALTER TABLE ${fk.table} ADD CONSTRAINT ${fk.name} ${fk.def}`);
    // VACUUM too: a table of that age would have been vacuumed (its visibility map set, which index-only scans need).
    await timed(client, 'vacuum and analyze', 'VACUUM (ANALYZE)');
    await client.query('CREATE TABLE bench_scale_built (built_at timestamptz NOT NULL DEFAULT now(), project_id text NOT NULL)');
    await client.query('INSERT INTO bench_scale_built (project_id) VALUES ($1)', [project.projectId]);
  } finally {
    await client.end();
  }
  console.log(`Built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildScaleDatabase(process.env.BENCH_SCALE_URL ?? 'postgres://postgres@127.0.0.1:5432/scale');
}
