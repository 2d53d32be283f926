import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { getTableColumns, type InferSelectModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/client';

/**
 * Plain SQL for the hot request paths (Add Member, events, list locations). Drizzle's query builder
 * costs about 100 µs of CPU per query to assemble the text and map the row, several times the
 * driver's own cost; bench:api profiles showed it as the largest part of Add Member's time. Here the
 * text is written once, runs on the very connection of the Db or Tx given (so it sees and joins the
 * open transaction), and on PostgreSQL as a named statement, which each connection parses and plans
 * once. Values arrive as the driver parses them: timestamps as Date, bigint as text on
 * PostgreSQL; cast `date` columns to text. Send JSON as text (`$n::text::jsonb`) so both drivers
 * pass it through unchanged.
 */

interface DriverClient {
  query(config: { name?: string; text: string; values: unknown[]; rowMode: 'array' }): Promise<{ rows: unknown[][] }>;
  query(text: string, values: unknown[], options: { rowMode: 'array' }): Promise<{ rows: unknown[][] }>;
}

/** The driver connection under Drizzle: a pg Pool or PoolClient, or PGlite or its transaction. */
function driverOf(db: DbOrTx): { client: DriverClient; named: boolean } {
  const session = (db as unknown as { session?: { client?: DriverClient } }).session;
  if (!session?.client) throw new Error('Drizzle session has no driver client');
  // pg's clients take a query config with a statement name; PGlite's take (text, values, options).
  const named = !('exec' in session.client);
  return { client: session.client, named };
}

const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `plain-${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

/** A value written into SQL as a quoted literal (typed by the prepared statement's parameter), or undefined when it must go as a parameter. */
function literalOf(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (typeof value === 'number' && Number.isFinite(value)) return `'${value}'`;
  if (typeof value === 'boolean') return value ? "'true'" : "'false'";
  if (value instanceof Date) return `'${value.toISOString()}'`;
  return undefined;
}

const preparedOn = new WeakMap<object, Set<string>>();

/**
 * PGlite parses and plans every query it is sent (it has no named statements), which for the hot
 * paths' longer statements costs more than running them: about 2 ms a statement in WebAssembly.
 * Outside a transaction, a statement is PREPAREd once per database and then EXECUTEd with its
 * values as quoted literals (escaped by the pg driver), so its plan is kept as on PostgreSQL.
 * Undefined when a value is not a plain scalar (arrays go as parameters, the ordinary way).
 */
async function executePrepared(client: DriverClient, text: string, values: unknown[]): Promise<{ rows: unknown[][] } | undefined> {
  const literals = values.map(literalOf);
  if (literals.some((literal) => literal === undefined)) return undefined;
  const name = statementName(text).replace('-', '_');
  let prepared = preparedOn.get(client);
  if (!prepared) preparedOn.set(client, (prepared = new Set()));
  if (!prepared.has(name)) {
    await client.query(`PREPARE ${name} AS ${text}`, [], { rowMode: 'array' });
    prepared.add(name);
  }
  return client.query(values.length ? `EXECUTE ${name}(${literals.join(', ')})` : `EXECUTE ${name}`, [], { rowMode: 'array' });
}

/** Rows as arrays of values, in the order of the SELECT or RETURNING list. */
export async function plainRows(db: DbOrTx, text: string, values: unknown[]): Promise<unknown[][]> {
  const { client, named } = driverOf(db);
  if (named) return (await client.query({ name: statementName(text), text, values, rowMode: 'array' })).rows;
  const result = (client instanceof PGlite ? await executePrepared(client, text, values) : undefined) ?? (await client.query(text, values, { rowMode: 'array' }));
  return result.rows;
}

/** Appends `list` to `values` as one array parameter; returns its placeholder, cast to `type`[]. */
export function arrayParam(values: unknown[], list: unknown[], type: string): string {
  values.push(list);
  return `$${values.length}::${type}[]`;
}

export interface TableRows<T extends PgTable> {
  /** The table's columns as a SELECT or RETURNING list, qualified by `alias` when given. */
  columns(alias?: string): string;
  /** One row of that list, as Drizzle would return it (camelCase keys, Dates, numbers, JSON). */
  row(values: readonly unknown[], offset?: number): InferSelectModel<T>;
  /** How many columns the list has. */
  width: number;
}

/** Reads whole rows of one table with plain SQL, using the Drizzle schema to name and map the columns. */
export function tableRows<T extends PgTable>(table: T): TableRows<T> {
  const entries = Object.entries(getTableColumns(table));
  return {
    width: entries.length,
    columns: (alias) => entries.map(([, column]) => (alias ? `${alias}."${column.name}"` : `"${column.name}"`)).join(', '),
    row(values, offset = 0) {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < entries.length; i++) {
        const [key, column] = entries[i];
        const value = values[offset + i];
        out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
      }
      return out as InferSelectModel<T>;
    },
  };
}
