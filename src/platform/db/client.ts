import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Plain SQL with $1-style parameters, for pg-boss, benchmarks and the few queries Drizzle cannot say. */
  execute<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
  /** The embedded engine, when kind is pglite. */
  pglite?: PGlite;
  /** The connection pool, when kind is postgres. */
  pool?: pg.Pool;
  /** Where it connects, when kind is postgres: another process (the webhook worker's) opens its own pool there. */
  url?: string;
}

/** PostgreSQL at `url` (a pool of `poolSize` connections, default PG_POOL_SIZE or 20), or PGlite in a directory or in memory. */
export type DatabaseOptions = { url: string; poolSize?: number } | { dataDir: string } | { memory: true };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Opens PostgreSQL (url) or PGlite (a directory, or memory) and applies the committed migrations. */
/**
 * An embedded database with the extensions the one schema needs: pg_trgm for member search's
 * trigram indexes (migration 0020), as on PostgreSQL, where it ships with the server's contrib.
 */
export function newPglite(dataDir?: string): PGlite {
  return new PGlite({ dataDir, extensions: { pg_trgm } });
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) return openPostgres(options.url, options.poolSize ?? Number(process.env.PG_POOL_SIZE ?? 20));
  const dataDir = 'dataDir' in options ? options.dataDir : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = newPglite(dataDir);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  return {
    kind: 'pglite',
    db,
    pglite: client,
    async execute<T>(text: string, params: unknown[] = []) {
      return (await client.query<T>(text, params)).rows;
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection the server ends (restart, failover, a dropped database) must not crash the
  // process: pg emits it on the pool, and the next query simply takes a fresh connection.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  const drizzled = drizzlePg(pool, { schema });
  // Several processes may start at once against one database: migrate under an advisory lock.
  // The migrations run on the connection that holds the lock, so a pool of one does not wait on itself.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock(727274)');
    await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder });
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
    lockClient.release();
  }
  return {
    kind: 'postgres',
    db: drizzled as unknown as Db,
    pool,
    url,
    async execute<T>(text: string, params: unknown[] = []) {
      return (await pool.query(text, params)).rows as T[];
    },
    close: () => pool.end(),
  };
}

/** Rows of a raw Drizzle `sql` query, whichever driver ran it. */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export { sql };
