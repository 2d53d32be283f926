import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/platform/db/client';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * The databases integration tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
 * With REQUIRE_POSTGRES=1 (CI) a missing URL is an error, so no suite silently skips PostgreSQL.
 */
export function testDatabases(): DatabaseKind[] {
  if (process.env.TEST_DATABASE_URL) return ['pglite', 'postgres'];
  if (process.env.REQUIRE_POSTGRES === '1') throw new Error('REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set');
  return ['pglite'];
}

/** A new, empty PostgreSQL database on the server of `adminUrl`, and the way to drop it again. */
export async function scratchPostgresDatabase(adminUrl: string, prefix = 't'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A fresh database: in-memory PGlite, or a new PostgreSQL database dropped again by `close()`. */
export async function openTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ memory: true });
  const scratch = await scratchPostgresDatabase(process.env.TEST_DATABASE_URL as string);
  const database = await openDatabase({ url: scratch.url });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}
