import type { CardTotals } from '../../domain/card-ledger';
import type { Take } from '../../domain/point-buckets';
import type { Extension } from '../../domain/sliding-expiration';
import type { DbOrTx } from '../../../platform/db/client';
import { plainRows, tableRows } from '../plain-sql';
import { cardTransactions, pointBuckets } from '../../../platform/db/schema';
import type { CardTransactionRow } from './card-transactions';

const transactionRows = tableRows(cardTransactions);

export type NewCardTransaction = Omit<typeof cardTransactions.$inferInsert, 'seq'> & { id: string; createdAt: Date };
export type NewPointBucket = Pick<typeof pointBuckets.$inferInsert, 'id' | 'points' | 'expiresOn' | 'sliding'>;

/** One card transaction's writes, as its statement takes them. */
export interface CardWrite {
  transaction: NewCardTransaction;
  totals: CardTotals;
  buckets: NewPointBucket[];
  takes: Take[];
  /** Buckets whose last day the transaction, as the member's activity, moves (sliding expiration). */
  extensions: Extension[];
}

/**
 * The changes to a card's existing buckets, one entry per bucket (a statement may change a row
 * once): the points taken from it and its new last day, either or both.
 */
export function bucketChanges(takes: readonly Take[], extensions: readonly Extension[]): { id: string; taken: number; expires_on: string | null }[] {
  const changes = new Map(takes.map((t) => [t.id, { id: t.id, taken: t.taken, expires_on: null as string | null }]));
  for (const e of extensions) changes.set(e.id, { id: e.id, taken: changes.get(e.id)?.taken ?? 0, expires_on: e.expiresOn });
  return [...changes.values()];
}

/** The point buckets a transaction adds, as its statement takes them (JSON). */
export function newBucketsJson(buckets: readonly NewPointBucket[]): string {
  return JSON.stringify(buckets.map((b) => ({ id: b.id, points: b.points, expires_on: b.expiresOn ?? null, sliding: b.sliding ?? null })));
}

/**
 * A card's row version: its `xmin`, which every change to the card's totals or buckets renews
 * (buckets only ever change with their card's totals, in one statement). A write guarded by the
 * version a read saw happens only when the card is still as read, so points can be spent from
 * buckets read without a lock (cardVersionColumn in the read, `ifVersion` in the write).
 */
export const cardVersionColumn = (alias: string) => `${alias}.xmin::text`;

/**
 * The writes of one card transaction, as CTEs ending in `posted` (the transaction row), values
 * $1–$23 (postingValues): the card's new totals, the buckets it adds, the points it takes from
 * buckets and the last days it moves (sliding expiration), the transaction row. Everything hangs on
 * `totals`, the card's update, which finds the card only when it is still at the version given
 * ($21; null: any), so when it is not, nothing is written.
 */
const postingCtes = `totals AS (
      UPDATE vouchers SET points = $2, balance = $3, expired_points = $4, subtracted_points = $5, redeemed_points = $6, updated_at = $7::timestamptz,
        slides = slides OR $23::boolean
      WHERE id = $1 AND ($21::text IS NULL OR xmin = $21::text::xid) RETURNING id),
    buckets AS (
      INSERT INTO point_buckets (id, project_id, voucher_id, transaction_id, points, remaining, expires_on, sliding, created_at)
      SELECT b.id, $10, $1, $9, b.points, b.points, b.expires_on, b.sliding, $7::timestamptz
      FROM totals, jsonb_to_recordset($8::text::jsonb) AS b(id text, points bigint, expires_on text, sliding jsonb)),
    taken AS (
      UPDATE point_buckets p SET remaining = p.remaining - t.taken, expires_on = coalesce(t.expires_on, p.expires_on)
      FROM totals, jsonb_to_recordset($20::text::jsonb) AS t(id text, taken bigint, expires_on text)
      WHERE p.id = t.id AND p.voucher_id = $1),
    posted AS (
      INSERT INTO card_transactions (id, project_id, voucher_id, campaign_id, type, source_id, reason, source, amount, balance, details, related_transaction_id, earning_rule_id, created_at)
      SELECT $9, $10, $1, $11, $12, $13, $14, $15, $16, $17, $18::text::jsonb, $19, $22, $7::timestamptz FROM totals
      RETURNING *)`;

/** The values of postingCtes, $1–$23. */
function postingValues(write: CardWrite, ifVersion: string | null): unknown[] {
  const { transaction: t, totals, buckets, takes, extensions } = write;
  return [
    t.voucherId,
    totals.points,
    totals.balance,
    totals.expiredPoints,
    totals.subtractedPoints,
    totals.redeemedPoints,
    t.createdAt.toISOString(),
    newBucketsJson(buckets),
    t.id,
    t.projectId,
    t.campaignId,
    t.type,
    t.sourceId ?? null,
    t.reason ?? null,
    t.source ?? 'API',
    t.amount,
    t.balance,
    JSON.stringify(t.details ?? {}),
    t.relatedTransactionId ?? null,
    JSON.stringify(bucketChanges(takes, extensions)),
    ifVersion,
    t.earningRuleId ?? null,
    buckets.some((b) => b.sliding),
  ];
}

const writeText = `WITH ${postingCtes} SELECT ${transactionRows.columns('posted')} FROM posted`;

/**
 * The writes of one card transaction in one statement (plain SQL, see plain-sql.ts): the card's new
 * totals, the point buckets it adds or the points it takes from buckets, and the transaction row.
 * Events earn and redemptions spend under the card's lock, so every round trip saved here is time
 * the next request on that card no longer waits. The caller holds the card locked, or gives the
 * version it read the card at (`ifVersion`): then undefined, and nothing written, when the card
 * changed since.
 */
export async function writeCardTransaction(db: DbOrTx, write: CardWrite, ifVersion: string | null = null): Promise<CardTransactionRow | undefined> {
  const [row] = await plainRows(db, writeText, postingValues(write, ifVersion));
  return row && transactionRows.row(row);
}
