import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../platform/db/client';

/** What pg-boss needs of a connection: one method running SQL with $n parameters. */
type BossDb = PgBoss.Db;

/** pg-boss wraps its maintenance and migrations in `BEGIN; …; COMMIT;` sent as one text. */
const explicitTransaction = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/;

/**
 * PGlite is one connection shared by the whole process. A multi-statement text that fails after
 * its own BEGIN would leave that connection in an aborted transaction, so those texts run inside
 * PGlite's transaction(), which rolls back on error and excludes every other query meanwhile.
 */
function pgliteDb(client: PGlite): BossDb {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return { rows: (await client.query(text, values)).rows };
      const wrapped = explicitTransaction.exec(text);
      const results = wrapped ? await client.transaction((tx) => tx.exec(wrapped[1])) : await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

/** The service's own pool: pg-boss shares its connections instead of opening a pool of its own. */
function poolDb(pool: pg.Pool): BossDb {
  return { executeSql: async (text, values) => pool.query(text, values) };
}

/**
 * A pg-boss instance on the service's database, PostgreSQL or PGlite. Both go through a `db`
 * adapter, so pg-boss never opens connections of its own. Everything pg-boss 10 does works on
 * PGlite (advisory locks, partitioned queue tables, expiry, retries, dead letters, cron).
 */
export function createBoss(database: Database, options: Omit<PgBoss.ConstructorOptions, 'db'> = {}): PgBoss {
  const db = database.kind === 'pglite' ? pgliteDb(database.pglite as PGlite) : poolDb(database.pool as pg.Pool);
  return new PgBoss({ ...options, db });
}

/** As node-postgres would send it: undefined is NULL, a plain object is JSON. */
function parameter(value: unknown): unknown {
  if (value === undefined) return null;
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)) return JSON.stringify(value);
  return value;
}

/** `$1`-style text + values as a Drizzle query, so pg-boss can run on a Drizzle transaction. */
export function boundQuery(text: string, values: unknown[] = []): SQL {
  const pieces = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  pieces.forEach((piece, index) => chunks.push(index % 2 === 0 ? sql.raw(piece) : sql`${parameter(values[Number(piece) - 1])}`));
  return sql.join(chunks);
}

/**
 * A pg-boss connection over an open Drizzle transaction: `send(…, { db: inTransaction(tx) })`
 * inserts the job in that transaction, so a job exists exactly when the row it serves does.
 */
export function inTransaction(tx: DbOrTx): BossDb {
  return {
    async executeSql(text, values) {
      const result = (await tx.execute(boundQuery(text, values))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}
