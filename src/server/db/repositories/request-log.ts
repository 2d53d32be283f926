import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
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

/** A jsonb element of the insert's arrays, as its text (null stays SQL null). */
function jsonText(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
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
  ['injectedFault', 'jsonb'],
];
const responseBodyColumn = columns.findIndex(([key]) => key === 'responseBody');
/**
 * An answer this long, repeated within a batch (a cached list polled, a page asked again), is
 * stored once: on the batch's last row with it, which the others name (`response_body_in`).
 * Pruning drops rows oldest first, so the row holding a text outlives every row that names it.
 */
const sharedBodyMinLength = 512;

const insertText = `WITH r AS MATERIALIZED (
    SELECT u.*, nextval('request_log_seq_seq') AS seq
    FROM unnest(${columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')}, $${columns.length + 1}::text[], $${columns.length + 2}::text[], $${columns.length + 3}::int[])
      WITH ORDINALITY AS u(${columns.map((_, i) => `c${i}`).join(', ')}, c, v, g, ord)
  ), h AS (SELECT r.*, last_value(seq) OVER (PARTITION BY g ORDER BY ord ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS holder FROM r)
  INSERT INTO request_log (seq, project_id, request_id, at, method, path, query, status, duration_ms, auth_method, api_key_id, token_id, dashboard_user_id, request_body, request_body_truncated, response_body, response_body_truncated, injected_fault, customer_ids, card_ids, response_body_in)
  SELECT seq, ${columns.map((_, i) => (i === responseBodyColumn ? `CASE WHEN seq = holder THEN h.c${i} END` : `h.c${i}`)).join(', ')}, h.c::text[], h.v::text[], CASE WHEN seq <> holder THEN holder END
  FROM h ORDER BY ord`;

/** Each record's group: the first record of the batch with the same long answer, else its own. */
function bodyGroups(records: readonly RequestLogRecord[]): number[] {
  const firstWith = new Map<string, number>();
  return records.map(({ responseBody }, i) => {
    if (responseBody === null || responseBody.length < sharedBodyMinLength) return i;
    const first = firstWith.get(responseBody);
    if (first !== undefined) return first;
    firstWith.set(responseBody, i);
    return i;
  });
}

/**
 * One statement for a batch, its values as one array per column (plain SQL: Drizzle's builder costs
 * per row and per value); rows get their `seq` in the order given.
 */
export async function insertRequestLog(db: DbOrTx, records: readonly RequestLogRecord[]): Promise<void> {
  if (records.length === 0) return;
  const groups = bodyGroups(records);
  const holderOf = new Map<number, number>();
  groups.forEach((group, i) => holderOf.set(group, i));
  const values: unknown[] = columns.map(([key, type]) => records.map((r) => (type === 'jsonb' ? jsonText(r[key]) : r[key])));
  // A shared text is sent once, with its holder (the group's last row, as in the statement): the driver escapes every
  // character of a text[] element in JavaScript, so 500 copies of one answer cost more than the insert.
  values[responseBodyColumn] = records.map((r, i) => (holderOf.get(groups[i]) === i ? r.responseBody : null));
  values.push(records.map((r) => textArrayLiteral(r.customerIds)), records.map((r) => textArrayLiteral(r.cardIds)), groups);
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

/** The part of the log a read sees: after a marker's row (exclusive), up to the newest row when the read began. */
export interface RequestLogWindow {
  afterSeq?: number;
  upToSeq: number;
}

/** The newest row of a project's log: its place and request id (the marker a read answers). */
export async function newestRequestLogEntry(db: DbOrTx, projectId: string): Promise<{ seq: number; requestId: string } | undefined> {
  const [row] = await db.select({ seq: requestLog.seq, requestId: requestLog.requestId }).from(requestLog).where(eq(requestLog.projectId, projectId)).orderBy(desc(requestLog.seq)).limit(1);
  return row;
}

/** Where a request id lies among a project's newest `keep` rows; undefined when it is not (unknown, or older). */
export async function requestLogSeqOf(db: DbOrTx, projectId: string, keep: number, requestId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ seq: requestLog.seq })
    .from(requestLog)
    .where(and(eq(requestLog.projectId, projectId), eq(requestLog.requestId, requestId), sql`${requestLog.seq} >= ${oldestKept(projectId, keep)}`))
    .limit(1);
  return row?.seq;
}

/**
 * The rows of a project's newest `keep` requests, within the window, matching the filters. A
 * customer is matched by id or by source id, a card by id or code (the log keeps the ids the
 * requests named or answered).
 */
function matching(projectId: string, keep: number, query: RequestLogQuery, window: RequestLogWindow): SQL {
  const conditions: SQL[] = [eq(requestLog.projectId, projectId), sql`${requestLog.seq} >= ${oldestKept(projectId, keep)}`, lte(requestLog.seq, window.upToSeq)];
  if (window.afterSeq !== undefined) conditions.push(sql`${requestLog.seq} > ${window.afterSeq}`);
  if (query.status) conditions.push(statusCondition(query.status));
  if (query.origin) conditions.push(query.origin === 'dashboard' ? isNotNull(requestLog.dashboardUserId) : isNull(requestLog.dashboardUserId));
  if (query.path) conditions.push(sql`strpos(${requestLog.path}, ${query.path}) > 0`);
  if (query.since instanceof Date) conditions.push(gte(requestLog.at, query.since));
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
  return and(...conditions) as SQL;
}

/** How many of a project's newest `keep` requests, within the window, match the filters. */
export async function countRequestLog(db: DbOrTx, projectId: string, keep: number, query: RequestLogQuery, window: RequestLogWindow): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(requestLog).where(matching(projectId, keep, query, window));
  return n;
}

/** A page of a project's newest `keep` requests, within the window, matching the filters, and how many match. */
export async function listRequestLog(db: DbOrTx, projectId: string, keep: number, query: RequestLogQuery, window: RequestLogWindow): Promise<{ rows: RequestLogRow[]; total: number }> {
  const where = matching(projectId, keep, query, window);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(requestLog)
      .where(where)
      .orderBy(query.order === 'at' ? asc(requestLog.seq) : desc(requestLog.seq))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    countRequestLog(db, projectId, keep, query, window),
  ]);
  return { rows: await withSharedBodies(db, projectId, rows), total };
}

/** Rows whose answer another row of their batch holds get that row's text (erased there if erased). */
async function withSharedBodies(db: DbOrTx, projectId: string, rows: RequestLogRow[]): Promise<RequestLogRow[]> {
  const holders = [...new Set(rows.flatMap((r) => (r.responseBodyIn === null ? [] : [r.responseBodyIn])))];
  if (holders.length === 0) return rows;
  const held = await db
    .select({ seq: requestLog.seq, responseBody: requestLog.responseBody })
    .from(requestLog)
    .where(and(eq(requestLog.projectId, projectId), inArray(requestLog.seq, holders)));
  const bodyOf = new Map(held.map((h) => [h.seq, h.responseBody]));
  return rows.map((r) => (r.responseBodyIn === null ? r : { ...r, responseBody: bodyOf.get(r.responseBodyIn) ?? null }));
}
