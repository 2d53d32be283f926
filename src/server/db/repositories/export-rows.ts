import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { escapeLiteral, type Pool, type PoolClient } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { formulaStartCodes } from '../../domain/export-csv';
import { CsvCrlfRecordEnds } from '../../lib/csv-crlf-record-ends';
import type { Database } from '../../../platform/db/client';

/**
 * The rows of an export, for any exported object: read in keyset pages and encoded in JS, or on
 * PostgreSQL written by COPY with the encoder's rules in SQL. What is exported is a `RowQuery`
 * (transaction-export-rows.ts, order-export-rows.ts); how it is read is the same for all.
 */

/** A CSV cell as the database hands it over: text, a number, or nothing. */
export type Cell = string | number | null;

/**
 * One column of the file, as SQL over the row (`t`). Dates and JSON are rendered by the database
 * (ISO 8601 UTC with milliseconds; jsonb's JSON text), which keeps the worker from parsing and
 * re-encoding them; numbers (bigints, which come back as text) become numbers.
 */
export type ExportColumn = { kind: 'text' | 'number' | 'date'; sql: string } | { kind: 'json'; jsonb: string };

/** An ISO 8601 UTC timestamp with milliseconds, as the API answers them. */
export const isoTimestampSql = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** How a value reaches SQL: a bind parameter, or an escaped literal where none can be bound (COPY). */
export type SqlValue = (value: string | number) => string;

/** What an export reads: its rows (`t`) in order, and their columns. */
export interface RowQuery {
  /** The table the rows come from, read as `t`. */
  table: string;
  /** A unique column of it: the last position of a sort, and where a keyset page continues. */
  keyColumn: string;
  columns: readonly ExportColumn[];
  /** Conditions on `t`. */
  where(value: SqlValue): string[];
  /** What the rows are sorted by before `keyColumn`, over a table alias (`t` for the rows). */
  sort(alias: string): string;
  descending: boolean;
}

const columnSql = (column: ExportColumn) => (column.kind === 'json' ? `${column.jsonb}::text` : column.sql);

/** Text with the CSV encoder's rules that COPY lacks: the formula guard, and '' written like NULL (COPY writes `""`). */
const guardedText = (text: string) => `NULLIF(CASE WHEN ascii(${text}) IN (${formulaStartCodes.join(', ')}) THEN '''' || ${text} ELSE ${text} END, '')`;

/**
 * COPY's column: the encoder's rules applied in SQL, so COPY's CSV is the encoder's byte for byte,
 * record ends aside (see CsvCrlfRecordEnds). Every text column is guarded, ids and types too: no
 * constraint keeps them from starting with `=`. Not dates, whose text always starts with a digit;
 * JSON text starts with a guarded character only when it is a negative number, tested on the
 * jsonb so the text is made once.
 */
function copyColumnSql(column: ExportColumn): string {
  if (column.kind === 'number' || column.kind === 'date') return column.sql;
  if (column.kind === 'json') return `CASE WHEN jsonb_typeof(${column.jsonb}) = 'number' AND ${column.jsonb} < '0' THEN '''' || ${column.jsonb}::text ELSE ${column.jsonb}::text END`;
  return guardedText(column.sql);
}

/**
 * The export's rows in export order, shared by the keyset pages and COPY: ordered by the sort,
 * then the key. A keyset page adds the position after a row (`afterKey`, that row's key, whose
 * sort value is looked up by key, so an exact timestamp never makes a round trip through JS) and
 * a LIMIT.
 */
function selectSql(query: RowQuery, columns: string[], value: SqlValue, page?: { afterKey?: string | number; limit: number }): string {
  const where = query.where(value);
  const direction = query.descending ? 'DESC' : 'ASC';
  if (page?.afterKey !== undefined) {
    where.push(`(${query.sort('t')}, t.${query.keyColumn}) ${query.descending ? '<' : '>'} (SELECT ${query.sort('c')}, c.${query.keyColumn} FROM ${query.table} c WHERE c.${query.keyColumn} = ${value(page.afterKey)})`);
  }
  const limit = page ? ` LIMIT ${value(page.limit)}` : '';
  return `SELECT ${columns.join(', ')} FROM ${query.table} t WHERE ${where.join(' AND ')} ORDER BY ${query.sort('t')} ${direction}, t.${query.keyColumn} ${direction}${limit}`;
}

function pageSql(query: RowQuery, batchSize: number, after: boolean): { text: string; params: unknown[] } {
  const params: unknown[] = [];
  const bind: SqlValue = (value) => `$${params.push(value)}`;
  const text = selectSql(query, [`t.${query.keyColumn}`, ...query.columns.map(columnSql)], bind, { afterKey: after ? 0 : undefined, limit: batchSize });
  return { text, params };
}

const statementName = (text: string) => `export-rows-${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;

/**
 * Where the pages are read. PostgreSQL: one connection in a REPEATABLE READ transaction, so every
 * page sees the same snapshot (a row changed meanwhile can neither move past the keyset position
 * nor appear twice). PGlite: its one connection, between other work (a transaction there would hold
 * every other request back for the whole export).
 */
interface PageReader {
  rows(text: string, params: unknown[]): Promise<unknown[][]>;
  close(): Promise<void>;
}

async function pageReader(database: Database): Promise<PageReader> {
  const { pglite, pool } = database;
  if (database.kind === 'pglite' && pglite) return { rows: async (text, params) => (await pglite.query<unknown[]>(text, params, { rowMode: 'array' })).rows, close: async () => undefined };
  if (!pool) throw new Error('database has neither a PGlite engine nor a pool');
  const client: PoolClient = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
  return {
    // Named, so the connection plans the page query once instead of once per page.
    rows: async (text, params) => (await client.query<unknown[]>({ name: statementName(text), text, values: params, rowMode: 'array' })).rows,
    async close() {
      try {
        await client.query('COMMIT');
        client.release();
      } catch (error) {
        client.release(error as Error);
      }
    },
  };
}

/**
 * The export's rows in export order, one batch of CSV cells at a time, never the whole result in
 * memory. The next batch is already being read while the caller writes this one.
 */
export async function* exportCells(database: Database, query: RowQuery, batchSize: number): AsyncGenerator<Cell[][]> {
  const first = pageSql(query, batchSize, false);
  const next = pageSql(query, batchSize, true);
  // The after-key placeholder, bound just before the LIMIT.
  const keyIndex = next.params.length - 2;
  const numericColumns = query.columns.flatMap((column, index) => (column.kind === 'number' ? [index + 1] : []));
  const reader = await pageReader(database);
  try {
    let pending: Promise<unknown[][]> | undefined = reader.rows(first.text, first.params);
    while (pending) {
      const rows = await pending;
      pending = undefined;
      if (rows.length === batchSize) {
        const params = [...next.params];
        params[keyIndex] = rows[rows.length - 1][0];
        pending = reader.rows(next.text, params);
        // Rejections surface at the next await; keep Node from reporting them as unhandled meanwhile.
        pending.catch(() => undefined);
      }
      const cells: Cell[][] = new Array(rows.length);
      for (let r = 0; r < rows.length; r++) {
        const row = rows[r];
        for (const column of numericColumns) if (row[column] !== null) row[column] = Number(row[column]);
        cells[r] = row.slice(1) as Cell[];
      }
      if (cells.length > 0) yield cells;
    }
  } finally {
    await reader.close();
  }
}

/**
 * PostgreSQL: the export's CSV records straight from `COPY (SELECT …) TO STDOUT WITH (FORMAT csv)`
 * on a connection of its own (one statement: one snapshot), with CRLF record ends. `write` gets
 * each chunk with the records read so far, and the stream waits for it (backpressure). COPY takes
 * no bind parameters: the values are escaped literals. Not for a one-column export: there COPY
 * quotes a lone `\.` (else it would read as the end-of-data marker), and the encoder does not.
 */
export async function copyExportCsv(pool: Pool, query: RowQuery, write: (chunk: Buffer, records: number) => Promise<void>): Promise<void> {
  const literal: SqlValue = (value) => escapeLiteral(String(value));
  const select = selectSql(query, query.columns.map(copyColumnSql), literal);
  const recordEnds = new CsvCrlfRecordEnds();
  const client = await pool.connect();
  try {
    await pipeline(client.query(copyTo(`COPY (${select}) TO STDOUT WITH (FORMAT csv)`)), recordEnds, async (csv: AsyncIterable<Buffer>) => {
      for await (const chunk of csv) await write(chunk, recordEnds.records);
    });
  } catch (error) {
    // Cut off mid-COPY, the connection cannot serve another query: close it instead of pooling it.
    client.release(error as Error);
    throw error;
  }
  client.release();
}
