import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { escapeLiteral, type Pool } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { ExportField } from '../../../contract/export';
import { formulaStartCodes } from '../../domain/export-csv';
import type { CreatedAtBound } from '../../domain/export-filter';
import { CsvCrlfRecordEnds } from '../../lib/csv-crlf-record-ends';
import type { Database } from '../../../platform/db/client';

/** A CSV cell as the database hands it over: text, a number, or nothing. */
export type Cell = string | number | null;

/**
 * The SQL of each exportable column. Dates and `details` are rendered by the database (ISO 8601
 * UTC with milliseconds; jsonb's JSON text), which keeps the worker from parsing and re-encoding
 * them; the two bigint columns come back as text and become numbers below.
 */
export const columnSql: Record<ExportField, string> = {
  id: 't.id',
  type: 't.type',
  source_id: 't.source_id',
  reason: 't.reason',
  balance: 't.balance',
  amount: 't.amount',
  created_at: `to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  voucher_id: 't.voucher_id',
  campaign_id: 't.campaign_id',
  details: 't.details::text',
  related_transaction_id: 't.related_transaction_id',
  source: 't.source',
};
const numericFields = new Set<ExportField>(['balance', 'amount']);

/** Text with the CSV encoder's rules that COPY lacks: the formula guard, and '' written like NULL (COPY writes `""`). */
const guardedText = (text: string) => `NULLIF(CASE WHEN ascii(${text}) IN (${formulaStartCodes.join(', ')}) THEN '''' || ${text} ELSE ${text} END, '')`;

/**
 * COPY's column of each field: `columnSql` with the encoder's rules applied in SQL, so COPY's CSV
 * is the encoder's byte for byte, record ends aside (see CsvCrlfRecordEnds). Every text column is
 * guarded, ids and types too: no constraint keeps them from starting with `=`. Not created_at,
 * whose text always starts with a digit; details is JSON text, which starts with a guarded
 * character only when it is a negative number, tested on the jsonb so the text is made once.
 */
function copyColumnSql(field: ExportField): string {
  if (numericFields.has(field) || field === 'created_at') return columnSql[field];
  if (field === 'details') return `CASE WHEN jsonb_typeof(t.details) = 'number' AND t.details < '0' THEN '''' || t.details::text ELSE t.details::text END`;
  return guardedText(columnSql[field]);
}

export interface RowQuery {
  projectId: string;
  voucherId: string;
  fields: readonly ExportField[];
  descending: boolean;
  bounds: CreatedAtBound[];
  /** Only rows up to this seq: the transactions recorded when the export started. */
  maxSeq: number;
}

/** The card's last transaction seq now; the export stops there, so rows added meanwhile stay out. */
export async function lastTransactionSeq(database: Database, voucherId: string): Promise<number> {
  const [row] = await database.execute<{ seq: string | number | null }>('SELECT max(seq) AS seq FROM card_transactions WHERE voucher_id = $1', [voucherId]);
  return Number(row?.seq ?? 0);
}

/** How a value reaches SQL: a bind parameter, or an escaped literal where none can be bound (COPY). */
type SqlValue = (value: string | number) => string;

/**
 * The export's rows in export order, shared by the keyset pages and COPY: the card's rows up to
 * `maxSeq` within the created_at bounds, ordered by (created_at, seq). A keyset page adds the
 * position after a row (`afterSeq`, that row's seq) and a LIMIT.
 */
function selectSql(query: RowQuery, columns: string[], value: SqlValue, page?: { afterSeq?: number; limit: number }): string {
  const where = [`t.project_id = ${value(query.projectId)}`, `t.voucher_id = ${value(query.voucherId)}`, `t.seq <= ${value(query.maxSeq)}`];
  for (const bound of query.bounds) where.push(`t.created_at ${bound.op} ${value(bound.at.toISOString())}::timestamptz`);
  // Keyset pagination on (created_at, seq): the position is the last row's seq, looked up by
  // primary key, so the exact timestamp (microseconds) never makes a round trip through JS.
  if (page?.afterSeq !== undefined) {
    where.push(`(t.created_at, t.seq) ${query.descending ? '<' : '>'} (SELECT c.created_at, c.seq FROM card_transactions c WHERE c.seq = ${value(page.afterSeq)})`);
  }
  const direction = query.descending ? 'DESC' : 'ASC';
  const limit = page ? ` LIMIT ${value(page.limit)}` : '';
  return `SELECT ${columns.join(', ')} FROM card_transactions t WHERE ${where.join(' AND ')} ORDER BY t.created_at ${direction}, t.seq ${direction}${limit}`;
}

function pageSql(query: RowQuery, batchSize: number, after: boolean): { text: string; params: unknown[] } {
  const params: unknown[] = [];
  const bind: SqlValue = (value) => `$${params.push(value)}`;
  const text = selectSql(query, ['t.seq', ...query.fields.map((field) => columnSql[field])], bind, { afterSeq: after ? 0 : undefined, limit: batchSize });
  return { text, params };
}

const statementName = (text: string) => `export-rows-${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;

async function arrayRows(database: Database, text: string, params: unknown[]): Promise<unknown[][]> {
  if (database.kind === 'pglite' && database.pglite) return (await database.pglite.query<unknown[]>(text, params, { rowMode: 'array' })).rows;
  // Named, so each connection plans the page query once instead of once per page.
  if (database.pool) return (await database.pool.query<unknown[]>({ name: statementName(text), text, values: params, rowMode: 'array' })).rows;
  throw new Error('database has neither a PGlite engine nor a pool');
}

/**
 * The card's transactions in export order, one batch of CSV cells at a time, never the whole
 * result in memory. The next batch is already being read while the caller writes this one.
 */
export async function* transactionCells(database: Database, query: RowQuery, batchSize: number): AsyncGenerator<Cell[][]> {
  const first = pageSql(query, batchSize, false);
  const next = pageSql(query, batchSize, true);
  // The after-seq placeholder, bound just before the LIMIT.
  const seqIndex = next.params.length - 2;
  const numericColumns = query.fields.flatMap((field, index) => (numericFields.has(field) ? [index + 1] : []));

  let pending: Promise<unknown[][]> | undefined = arrayRows(database, first.text, first.params);
  while (pending) {
    const rows = await pending;
    pending = undefined;
    if (rows.length === batchSize) {
      const params = [...next.params];
      params[seqIndex] = rows[rows.length - 1][0];
      pending = arrayRows(database, next.text, params);
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
}

/**
 * PostgreSQL: the export's CSV records straight from `COPY (SELECT …) TO STDOUT WITH (FORMAT csv)`
 * on a connection of its own, with CRLF record ends. `write` gets each chunk with the records
 * read so far, and the stream waits for it (backpressure). COPY takes no bind parameters: the
 * values are escaped literals. Not for a one-field export: there COPY quotes a lone `\.` (else it
 * would read as the end-of-data marker), and the encoder does not.
 */
export async function copyTransactionsCsv(pool: Pool, query: RowQuery, write: (chunk: Buffer, records: number) => Promise<void>): Promise<void> {
  const literal: SqlValue = (value) => escapeLiteral(String(value));
  const select = selectSql(query, query.fields.map(copyColumnSql), literal);
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
