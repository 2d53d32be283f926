import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client';

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

/** A fresh database: in-memory PGlite, or a new PostgreSQL database dropped again by `close()`. */
export async function openTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ memory: true });
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
