import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../../platform/db/client';
import { cardTransactions, events, publications, webhookOutbox } from '../../../platform/db/schema';
import { webhookSources, type WebhookSource } from '../../domain/webhook-events';
import { tableRows } from '../plain-sql';

/**
 * Webhooks read their sources in the order their writers' transactions got their ids, only below
 * the oldest transaction still running (the snapshot's xmin): every row there is final, and no
 * transaction committing later can add a row below it. A cursor over `seq` alone would skip a row
 * whose transaction took a smaller seq but committed after a larger one had been read.
 */

export interface Cursor {
  xid: number;
  /** The last key read at `xid`; null: nothing at `xid` yet. */
  key: string | null;
}

/** The oldest transaction id still running: everything below it is final. */
export async function readHorizon(db: DbOrTx): Promise<number> {
  const [row] = await rowsOf<{ h: string }>(db, sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS h`);
  return Number(row.h);
}

/**
 * The source's cursor, locked for this run; 'busy' while another process holds it. A source read
 * for the first time starts at `horizon`: nothing written before webhooks existed is reported.
 */
export async function lockCursor(db: DbOrTx, source: WebhookSource, horizon: number): Promise<Cursor | 'busy'> {
  const [locked] = await rowsOf<{ xid: string; key: string | null }>(db, sql`SELECT xid::text AS xid, key FROM webhook_cursors WHERE source = ${source} FOR UPDATE SKIP LOCKED`);
  if (locked) return { xid: Number(locked.xid), key: locked.key };
  const inserted = await rowsOf<{ xid: string }>(db, sql`INSERT INTO webhook_cursors (source, xid, key) VALUES (${source}, ${horizon}, NULL) ON CONFLICT (source) DO NOTHING RETURNING xid::text AS xid`);
  return inserted.length > 0 ? { xid: horizon, key: null } : 'busy';
}

/**
 * Every source's cursor, made at the horizon where missing: called in the transaction that creates
 * an endpoint, so whatever commits after it is read, however late the first pass runs.
 */
export async function ensureCursors(db: DbOrTx): Promise<void> {
  await db.execute(
    sql`INSERT INTO webhook_cursors (source, xid, key)
      SELECT source, pg_snapshot_xmin(pg_current_snapshot())::text::bigint, NULL FROM unnest(${sql.raw(`ARRAY[${webhookSources.map((s) => `'${s}'`).join(', ')}]`)}::text[]) AS source
      ON CONFLICT (source) DO NOTHING`,
  );
}

export async function saveCursor(db: DbOrTx, source: WebhookSource, cursor: Cursor): Promise<void> {
  await db.execute(sql`UPDATE webhook_cursors SET xid = ${cursor.xid}, key = ${cursor.key} WHERE source = ${source}`);
}

/**
 * While no endpoint is active anywhere, every cursor moves to the horizon: nothing below it is
 * reported. The check and the move see one snapshot, so an endpoint committed before it keeps
 * every row after it. Returns whether an endpoint is active.
 */
export async function skipWhileNoEndpoint(db: DbOrTx): Promise<boolean> {
  const [row] = await rowsOf<{ active: boolean }>(
    db,
    sql`WITH h AS (SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint AS x, EXISTS (SELECT 1 FROM webhooks WHERE active) AS active),
      moved AS (UPDATE webhook_cursors SET xid = h.x, key = NULL FROM h WHERE NOT h.active AND webhook_cursors.xid < h.x RETURNING 1)
      SELECT active FROM h`,
  );
  return Boolean(row?.active);
}

const tables = { card_transactions: cardTransactions, events, publications, webhook_outbox: webhookOutbox } as const;
const keyColumn: Record<WebhookSource, { name: string; type: 'bigint' | 'text' }> = {
  card_transactions: { name: 'seq', type: 'bigint' },
  events: { name: 'id', type: 'text' },
  publications: { name: 'id', type: 'text' },
  webhook_outbox: { name: 'seq', type: 'bigint' },
};

export type SourceRow<S extends WebhookSource> = (typeof tables)[S]['$inferSelect'];

/** Up to `limit` rows of the source after the cursor and below the horizon, in (xid, key) order. */
export async function readAfter<S extends WebhookSource>(db: DbOrTx, source: S, cursor: Cursor, horizon: number, limit: number): Promise<{ rows: SourceRow<S>[]; keys: string[] }> {
  const rows = tableRows(tables[source]);
  const key = keyColumn[source];
  const keyAfter = cursor.key === null ? sql`TRUE` : key.type === 'bigint' ? sql`${sql.raw(key.name)} > ${cursor.key}::bigint` : sql`${sql.raw(key.name)} > ${cursor.key}`;
  const found = await rowsOf<Record<string, unknown>>(
    db,
    sql`SELECT ${sql.raw(rows.columns())}, ${sql.raw(key.name)}::text AS webhook_key FROM ${sql.raw(source)}
      WHERE xid >= ${cursor.xid} AND xid < ${horizon} AND (xid > ${cursor.xid} OR ${keyAfter})
      ORDER BY xid, ${sql.raw(key.name)} LIMIT ${limit}`,
  );
  const columns = rows.columns().split(', ').map((c) => c.replace(/"/g, ''));
  return {
    rows: found.map((r) => rows.row(columns.map((c) => r[c])) as SourceRow<S>),
    keys: found.map((r) => r.webhook_key as string),
  };
}

/** Whether some source has rows after its cursor (read or not yet readable): what a caller waiting for webhooks to catch up asks. */
export async function rowsAfterCursors(db: DbOrTx): Promise<boolean> {
  const checks = webhookSources.map((source) => {
    const key = keyColumn[source];
    const after = key.type === 'bigint' ? `t.${key.name} > c.key::bigint` : `t.${key.name} > c.key`;
    return `EXISTS (SELECT 1 FROM ${source} t, webhook_cursors c WHERE c.source = '${source}' AND t.xid >= c.xid AND (t.xid > c.xid OR c.key IS NULL OR ${after}))`;
  });
  const [row] = await rowsOf<{ pending: boolean }>(db, sql.raw(`SELECT (${checks.join(' OR ')}) AS pending`));
  return Boolean(row?.pending);
}
