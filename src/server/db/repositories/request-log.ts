import { and, asc, count, desc, eq, gte, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { requestLog } from '../../../platform/db/schema';
import type { RequestLogQuery } from '../../../contract/request-log';
import type { RequestLogRecord } from '../../domain/request-log-entry';
import { plainRows } from '../plain-sql';

export type RequestLogRow = typeof requestLog.$inferSelect;

/** A PostgreSQL array literal of texts (`{"a","b"}`), every element quoted. */
function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

const columns: [keyof RequestLogRecord, string][] = [
  ['projectId', 'text'],
  ['requestId', 'text'],
  ['at', 'timestamptz'],
  ['method', 'text'],
  ['path', 'text'],
  ['query', 'text'],
  ['status', 'int'],
  ['durationMs', 'float8'],
  ['authMethod', 'text'],
  ['apiKeyId', 'text'],
  ['tokenId', 'text'],
  ['dashboardUserId', 'text'],
  ['requestBody', 'text'],
  ['requestBodyTruncated', 'boolean'],
  ['responseBody', 'text'],
  ['responseBodyTruncated', 'boolean'],
];
const insertText = `INSERT INTO request_log (project_id, request_id, at, method, path, query, status, duration_ms, auth_method, api_key_id, token_id, dashboard_user_id, request_body, request_body_truncated, response_body, response_body_truncated, customer_ids, card_ids)
  SELECT ${columns.map((_, i) => `r.c${i}`).join(', ')}, r.c::text[], r.v::text[] FROM unnest(${columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')}, $${columns.length + 1}::text[], $${columns.length + 2}::text[]) AS r(${columns.map((_, i) => `c${i}`).join(', ')}, c, v)`;

/**
 * One statement for a batch, its values as one array per column (plain SQL: Drizzle's builder costs
 * per row and per value); rows get their `seq` in the order given.
 */
export async function insertRequestLog(db: DbOrTx, records: readonly RequestLogRecord[]): Promise<void> {
  if (records.length === 0) return;
  const values: unknown[] = columns.map(([key]) => records.map((r) => r[key]));
  values.push(records.map((r) => textArrayLiteral(r.customerIds)), records.map((r) => textArrayLiteral(r.cardIds)));
  await plainRows(db, insertText, values);
}

/** The lowest `seq` among a project's newest `keep` rows (0 while it has fewer). */
function oldestKept(projectId: string, keep: number): SQL {
  return sql`coalesce((SELECT seq FROM request_log WHERE project_id = ${projectId} ORDER BY seq DESC OFFSET ${keep - 1} LIMIT 1), 0)`;
}

/** Drops a project's rows older than its newest `keep`. */
export async function pruneRequestLog(db: DbOrTx, projectId: string, keep: number): Promise<void> {
  await db.execute(sql`DELETE FROM request_log WHERE project_id = ${projectId} AND seq < ${oldestKept(projectId, keep)}`);
}

function statusCondition(status: string): SQL {
  if (status.endsWith('xx')) {
    const from = Number(status[0]) * 100;
    return and(gte(requestLog.status, from), lte(requestLog.status, from + 99)) as SQL;
  }
  return eq(requestLog.status, Number(status));
}

/**
 * A page of a project's newest `keep` requests matching the filters. A customer is matched by id or
 * by source id, a card by id or code (the log keeps the ids the requests named or answered).
 */
export async function listRequestLog(db: DbOrTx, projectId: string, keep: number, query: RequestLogQuery): Promise<{ rows: RequestLogRow[]; total: number }> {
  const conditions: SQL[] = [eq(requestLog.projectId, projectId), sql`${requestLog.seq} >= ${oldestKept(projectId, keep)}`];
  if (query.status) conditions.push(statusCondition(query.status));
  if (query.origin) conditions.push(query.origin === 'dashboard' ? isNotNull(requestLog.dashboardUserId) : isNull(requestLog.dashboardUserId));
  if (query.path) conditions.push(sql`strpos(${requestLog.path}, ${query.path}) > 0`);
  if (query.since) conditions.push(gte(requestLog.at, query.since));
  if (query.customer) {
    // The customer as given, and by both its id and its source id: a request may have named it either way.
    const c = query.customer;
    conditions.push(
      sql`${requestLog.customerIds} && (ARRAY[${c}::text] || ARRAY(SELECT unnest(ARRAY[id, source_id]) FROM customers WHERE project_id = ${projectId} AND (id = ${c} OR source_id = ${c})))`,
    );
  }
  if (query.card) {
    const v = query.card;
    conditions.push(sql`${requestLog.cardIds} && (ARRAY[${v}::text] || ARRAY(SELECT unnest(ARRAY[id, code]) FROM vouchers WHERE project_id = ${projectId} AND (id = ${v} OR code = ${v})))`);
  }
  const where = and(...conditions);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(requestLog)
      .where(where)
      .orderBy(query.order === 'at' ? asc(requestLog.seq) : desc(requestLog.seq))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(requestLog).where(where),
  ]);
  return { rows, total: n };
}
