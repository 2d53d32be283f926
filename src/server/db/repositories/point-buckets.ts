import { and, asc, count, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import type { SlidingExpiration } from '../../../contract/earning-rule';
import type { Bucket, Take } from '../../domain/point-buckets';
import type { DbOrTx } from '../../../platform/db/client';
import { pointBuckets, vouchers } from '../../../platform/db/schema';
import type { VoucherRow } from './vouchers';
import { plainRows, tableRows } from '../plain-sql';

export type PointBucketRow = typeof pointBuckets.$inferSelect;

const bucketRows = tableRows(pointBuckets);
const openBucketsText = `SELECT ${bucketRows.columns()} FROM point_buckets WHERE voucher_id = $1 AND remaining > 0 ORDER BY expires_on ASC NULLS LAST, created_at, id FOR UPDATE`;

/**
 * The card's buckets that still hold points, in spending order (domain/point-buckets), locked;
 * call with the card row already locked. Plain SQL: on every spend's path (plain-sql.ts).
 */
export async function lockOpenBuckets(db: DbOrTx, voucherId: string): Promise<PointBucketRow[]> {
  return (await plainRows(db, openBucketsText, [voucherId])).map((row) => bucketRows.row(row));
}

/**
 * The card's buckets that still hold points, as one JSON text column of a query over `vouchers`
 * aliased `alias` (read with the card, at the card's version: see card-posting.ts); openBucketsOf
 * parses it.
 */
export const openBucketsColumn = (alias: string) =>
  `(SELECT coalesce(json_agg(json_build_array(b.id, b.remaining, b.expires_on, b.created_at, b.sliding)), '[]')::text FROM point_buckets b WHERE b.voucher_id = ${alias}.id AND b.remaining > 0)`;

export function openBucketsOf(column: unknown): Bucket[] {
  return (JSON.parse(column as string) as [string, number, string | null, string, SlidingExpiration | null][]).map(([id, remaining, expiresOn, createdAt, sliding]) => ({
    id,
    remaining: Number(remaining),
    expiresOn,
    createdAt: new Date(createdAt),
    sliding,
  }));
}

const slidingText = `SELECT ${bucketRows.columns()} FROM point_buckets WHERE voucher_id = ANY($1::text[]) AND remaining > 0 AND sliding IS NOT NULL`;

/**
 * The cards' buckets whose last day slides with activity and that still hold points: what an
 * activity may move. Call with the cards locked (every change to a bucket is made under its card's
 * lock or at its version, so these stay as read).
 */
export async function openSlidingBuckets(db: DbOrTx, voucherIds: string[]): Promise<PointBucketRow[]> {
  return (await plainRows(db, slidingText, [voucherIds])).map((row) => bucketRows.row(row));
}

/** A page of the card's buckets that still hold points, soonest to expire first, and how many there are. */
export async function listLiveBuckets(db: DbOrTx, voucherId: string, opts: { limit: number; page: number }): Promise<{ rows: PointBucketRow[]; total: number }> {
  const live = and(eq(pointBuckets.voucherId, voucherId), gt(pointBuckets.remaining, 0));
  const rows = await db
    .select()
    .from(pointBuckets)
    .where(live)
    .orderBy(sql`${pointBuckets.expiresOn} ASC NULLS LAST`, asc(pointBuckets.createdAt), asc(pointBuckets.id))
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  const [{ total }] = await db.select({ total: count() }).from(pointBuckets).where(live);
  return { rows, total };
}

const cardRows = tableRows(vouchers);
const dueCardsText = `
  WITH due AS (
    SELECT DISTINCT voucher_id FROM point_buckets
    WHERE expires_on = $1 AND remaining > 0 AND voucher_id > $2 AND ($5::text IS NULL OR project_id = $5)
    ORDER BY voucher_id LIMIT $3),
  cards AS (SELECT * FROM vouchers WHERE id IN (SELECT voucher_id FROM due) ORDER BY id FOR UPDATE),
  buckets AS (
    SELECT b.voucher_id, b.id, b.remaining, b.expires_on, b.created_at FROM point_buckets b
    WHERE b.voucher_id IN (SELECT id FROM cards) AND b.remaining > 0 AND b.expires_on < $4
    ORDER BY b.voucher_id, b.expires_on, b.created_at, b.id FOR UPDATE)
  SELECT ${cardRows.columns('c')},
    (SELECT coalesce(json_agg(json_build_array(b.id, b.remaining, b.expires_on) ORDER BY b.expires_on, b.created_at, b.id), '[]')::text FROM buckets b WHERE b.voucher_id = c.id)
  FROM cards c ORDER BY c.id`;

/** A bucket that is due, as lockDueCards reads it: what it still holds and its last day. */
export interface DueBucket {
  id: string;
  remaining: number;
  expiresOn: string;
}

/**
 * The points-expiration job's read, one statement per transaction: up to `limit` cards after
 * `after` in id order holding points whose last day is `day` (a keyset walk of the due index
 * (expires_on, voucher_id)), locked in id order as every writer locks cards, each with all its
 * buckets due before `today` (YYYY-MM-DD) that still hold points, locked after their card and
 * soonest first. The buckets are locked rather than just read so that, when a card's lock had to
 * wait for another writer, they are read as that writer left them (FOR UPDATE reads the newest
 * version of each row and checks it again), not as the statement's snapshot saw them. A card
 * whose due points were spent meanwhile comes with none.
 */
export async function lockDueCards(
  db: DbOrTx,
  day: string,
  after: string,
  limit: number,
  today: string,
  projectId?: string,
): Promise<{ card: VoucherRow; due: DueBucket[] }[]> {
  const rows = await plainRows(db, dueCardsText, [day, after, limit, today, projectId ?? null]);
  return rows.map((row) => ({
    card: cardRows.row(row),
    due: (JSON.parse(row[cardRows.width] as string) as [string, number | string, string][]).map(([id, remaining, expiresOn]) => ({ id, remaining: Number(remaining), expiresOn })),
  }));
}

export async function applyTakes(db: DbOrTx, takes: Take[]): Promise<void> {
  for (const take of takes) {
    await db
      .update(pointBuckets)
      .set({ remaining: sql`${pointBuckets.remaining} - ${take.taken}` })
      .where(eq(pointBuckets.id, take.id));
  }
}

/** The days (before `today`) on which some bucket (of one project, or any) still holding points expired. */
export async function dueDays(db: DbOrTx, today: string, projectId?: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ day: pointBuckets.expiresOn })
    .from(pointBuckets)
    .where(and(gt(pointBuckets.remaining, 0), isNotNull(pointBuckets.expiresOn), lt(pointBuckets.expiresOn, today), projectId === undefined ? undefined : eq(pointBuckets.projectId, projectId)))
    .orderBy(asc(pointBuckets.expiresOn));
  return rows.map((r) => r.day as string);
}
