import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchPostgresDatabase, testDatabases } from '../../../test/support/databases';
import { newPglite } from './client';

const migrations = fileURLToPath(new URL('./migrations', import.meta.url));

/** The committed migrations up to and including `lastTag`, as a folder of their own. */
function migrationsUpTo(lastTag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'migrations-'));
  cpSync(migrations, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((entry) => entry.tag === lastTag) + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

interface Migratable {
  migrate(folder: string): Promise<void>;
  query<T>(text: string): Promise<T[]>;
  close(): Promise<void>;
}

async function openMigratable(kind: 'pglite' | 'postgres'): Promise<Migratable> {
  if (kind === 'pglite') {
    const client = newPglite();
    return {
      migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
      query: async <T>(text: string) => (await client.query<T>(text)).rows,
      close: () => client.close(),
    };
  }
  const scratch = await scratchPostgresDatabase(process.env.TEST_DATABASE_URL as string);
  const pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
  return {
    migrate: (folder) => migratePg(drizzlePg(pool), { migrationsFolder: folder }),
    query: async <T>(text: string) => (await pool.query(text)).rows as T[],
    async close() {
      await pool.end();
      await scratch.drop();
    },
  };
}

// A card with two rule accruals (each with its trigger row, as 0007 wrote them), one accrual seeded
// without a trigger, and points added by hand.
const history = `
  INSERT INTO projects (id, name, created_at) VALUES ('proj_1', 'P', now());
  INSERT INTO campaigns (id, project_id, name, type, created_at) VALUES ('camp_1', 'proj_1', 'Club', 'LOYALTY_PROGRAM', now());
  INSERT INTO customers (id, project_id, created_at) VALUES ('cust_1', 'proj_1', now());
  INSERT INTO vouchers (id, project_id, campaign_id, code, holder_id, created_at) VALUES ('v_1', 'proj_1', 'camp_1', 'C-1', 'cust_1', now());
  INSERT INTO earning_rules (id, project_id, name, status, trigger, earnings, validity_hours, created_at)
    VALUES ('lern_1', 'proj_1', 'Visit', 'ACTIVE', '{}', '[]', '{}', now()), ('lern_2', 'proj_1', 'Review', 'ACTIVE', '{}', '[]', '{}', now());
  INSERT INTO card_transactions (id, project_id, voucher_id, campaign_id, type, amount, balance, details, created_at) VALUES
    ('vtx_1', 'proj_1', 'v_1', 'camp_1', 'POINTS_ACCRUAL', 5, 5, '{"earning_rule":{"id":"lern_1"}}', '2026-01-01T10:00:00Z'),
    ('vtx_2', 'proj_1', 'v_1', 'camp_1', 'POINTS_ACCRUAL', 7, 12, '{"earning_rule":{"id":"lern_2"}}', '2026-01-02T10:00:00Z'),
    ('vtx_3', 'proj_1', 'v_1', 'camp_1', 'POINTS_ACCRUAL', 1, 13, '{"earning_rule":{"id":"lern_1"}}', '2026-01-03T10:00:00Z'),
    ('vtx_4', 'proj_1', 'v_1', 'camp_1', 'POINTS_ADDITION', 2, 15, '{}', '2026-01-04T10:00:00Z');
  INSERT INTO earning_rule_triggers (project_id, earning_rule_id, voucher_id, triggered_at) VALUES
    ('proj_1', 'lern_1', 'v_1', '2026-01-01T10:00:00Z'), ('proj_1', 'lern_2', 'v_1', '2026-01-02T10:00:00Z');`;

describe.each(testDatabases())('Migration 0008, trigger history in the ledger (%s)', (kind) => {
  let db: Migratable;
  let before: string;

  beforeAll(async () => {
    db = await openMigratable(kind);
    before = migrationsUpTo('0007_spend');
    await db.migrate(before);
    for (const statement of history.split(';').filter((s) => s.trim())) await db.query(statement);
    await db.migrate(migrations);
  });
  afterAll(async () => {
    await db.close();
    rmSync(before, { recursive: true, force: true });
  });

  it('names the rule on exactly the accruals that had a trigger row, then drops the trigger table', async () => {
    const rows = await db.query<{ id: string; earning_rule_id: string | null }>('SELECT id, earning_rule_id FROM card_transactions ORDER BY id');
    expect(rows).toEqual([
      { id: 'vtx_1', earning_rule_id: 'lern_1' },
      { id: 'vtx_2', earning_rule_id: 'lern_2' },
      { id: 'vtx_3', earning_rule_id: null },
      { id: 'vtx_4', earning_rule_id: null },
    ]);
    const [{ left }] = await db.query<{ left: string | null }>("SELECT to_regclass('earning_rule_triggers')::text AS left");
    expect(left).toBeNull();
  });

  it('refuses a card transaction or point bucket whose project is not its card’s, and an event whose project is not its customer’s', async () => {
    await db.query("INSERT INTO projects (id, name, created_at) VALUES ('proj_2', 'Other', now())");
    await expect(
      db.query("INSERT INTO card_transactions (id, project_id, voucher_id, campaign_id, type, amount, balance, created_at) VALUES ('vtx_x', 'proj_2', 'v_1', 'camp_1', 'POINTS_ADDITION', 1, 16, now())"),
    ).rejects.toThrow(/card_transactions_card_fk/);
    await expect(
      db.query("INSERT INTO point_buckets (id, project_id, voucher_id, transaction_id, points, remaining, created_at) VALUES ('lopb_x', 'proj_2', 'v_1', 'vtx_4', 1, 1, now())"),
    ).rejects.toThrow(/point_buckets_card_fk/);
    await expect(db.query("INSERT INTO events (id, project_id, customer_id, type, created_at) VALUES ('ev_x', 'proj_2', 'cust_1', 'visit', now())")).rejects.toThrow(/events_customer_fk/);
    await expect(
      db.query("INSERT INTO card_transactions (id, project_id, voucher_id, campaign_id, type, amount, balance, earning_rule_id, created_at) VALUES ('vtx_y', 'proj_1', 'v_1', 'camp_1', 'POINTS_ACCRUAL', 1, 16, 'lern_9', now())"),
    ).rejects.toThrow(/earning_rule_id/);
    // The same rows with the card's and customer's own project go in.
    await db.query("INSERT INTO events (id, project_id, customer_id, type, created_at) VALUES ('ev_y', 'proj_1', 'cust_1', 'visit', now())");
  });
});
