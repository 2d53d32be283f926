import { createHash } from 'node:crypto';
import type { ExportField } from '../../../contract/export';
import type { CreatedAtBound } from '../../domain/export-filter';
import type { Database } from '../client';

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

export interface RowQuery {
  projectId: string;
  voucherId: string;
  fields: readonly ExportField[];
  descending: boolean;
  bounds: CreatedAtBound[];
  /** Only rows up to this seq: the transactions recorded when the export started. */
  maxSeq: number;
  batchSize: number;
}

/** The card's last transaction seq now; the export stops there, so rows added meanwhile stay out. */
export async function lastTransactionSeq(database: Database, voucherId: string): Promise<number> {
  const [row] = await database.execute<{ seq: string | number | null }>('SELECT max(seq) AS seq FROM card_transactions WHERE voucher_id = $1', [voucherId]);
  return Number(row?.seq ?? 0);
}

function pageSql(query: RowQuery, after: boolean): { text: string; params: unknown[] } {
  const params: unknown[] = [query.projectId, query.voucherId, query.maxSeq];
  const where = ['t.project_id = $1', 't.voucher_id = $2', 't.seq <= $3'];
  for (const bound of query.bounds) {
    params.push(bound.at.toISOString());
    where.push(`t.created_at ${bound.op} $${params.length}::timestamptz`);
  }
  const direction = query.descending ? 'DESC' : 'ASC';
  if (after) {
    // Keyset pagination on (created_at, seq): the position is the last row's seq, looked up by
    // primary key, so the exact timestamp (microseconds) never makes a round trip through JS.
    params.push(0);
    where.push(`(t.created_at, t.seq) ${query.descending ? '<' : '>'} (SELECT c.created_at, c.seq FROM card_transactions c WHERE c.seq = $${params.length})`);
  }
  params.push(query.batchSize);
  const columns = query.fields.map((field) => columnSql[field]).join(', ');
  const text = `SELECT t.seq, ${columns} FROM card_transactions t WHERE ${where.join(' AND ')} ORDER BY t.created_at ${direction}, t.seq ${direction} LIMIT $${params.length}`;
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
export async function* transactionCells(database: Database, query: RowQuery): AsyncGenerator<Cell[][]> {
  const first = pageSql(query, false);
  const next = pageSql(query, true);
  const seqIndex = next.params.length - 2;
  const numericColumns = query.fields.flatMap((field, index) => (numericFields.has(field) ? [index + 1] : []));

  let pending: Promise<unknown[][]> | undefined = arrayRows(database, first.text, first.params);
  while (pending) {
    const rows = await pending;
    pending = undefined;
    if (rows.length === query.batchSize) {
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
