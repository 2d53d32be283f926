import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { rowsOf } from '../../../platform/db/client';
import type { DateRange } from '../../../contract/common';
import { withinRange } from '../date-range';
import { countedCards } from './campaign-card-counts';
import { freeCardCursor, type CardPosition } from '../free-card-cursor';
import { LookupCache } from '../lookup-cache';
import { plainRows, tableRows } from '../plain-sql';
import { publications, vouchers } from '../../../platform/db/schema';
import type { Bucket } from '../../domain/point-buckets';
import { cardVersionColumn } from './card-posting';
import { openBucketsColumn, openBucketsOf } from './point-buckets';

type PublicationInsert = typeof publications.$inferInsert;

export type VoucherRow = typeof vouchers.$inferSelect;

export async function findVoucherByCode(db: DbOrTx, projectId: string, code: string): Promise<VoucherRow | undefined> {
  const [row] = await db.select().from(vouchers).where(and(eq(vouchers.projectId, projectId), eq(vouchers.code, code))).limit(1);
  return row;
}

/** The card the customer holds in a program, if any (a customer joins a program once). */
export async function findVoucherById(db: DbOrTx, id: string): Promise<VoucherRow | undefined> {
  const [row] = await db.select().from(vouchers).where(eq(vouchers.id, id)).limit(1);
  return row;
}

export async function findHeldCard(db: DbOrTx, projectId: string, holderId: string, campaignId: string): Promise<VoucherRow | undefined> {
  const [row] = await db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.projectId, projectId), eq(vouchers.holderId, holderId), eq(vouchers.campaignId, campaignId)))
    .limit(1);
  return row;
}

export const voucherRows = tableRows(vouchers);
const lockByCodeText = `SELECT ${voucherRows.columns()} FROM vouchers WHERE project_id = $1 AND code = $2 LIMIT 1 FOR UPDATE`;

/** Locks one card by code for the rest of the transaction (plain SQL: on every balance change and redemption). */
export async function lockVoucherByCode(db: DbOrTx, projectId: string, code: string): Promise<VoucherRow | undefined> {
  const [row] = await plainRows(db, lockByCodeText, [projectId, code]);
  return row && voucherRows.row(row);
}

// A card never moves to another program, so what a lookup found stays true; a write that relies on
// it still checks it (point-additions.ts), should the code ever name another card.
const cardPrograms = new LookupCache<string>(10 * 60_000, 100_000);
const programText = 'SELECT campaign_id FROM vouchers WHERE project_id = $1 AND code = $2 LIMIT 1';

/** Drops every remembered card's program: a project's state was reset or replaced (services/reset-project). */
export function forgetCardPrograms(): void {
  cardPrograms.clear();
}

/** The program (campaign id) of the card with this code, remembered once found; undefined when no card has it. */
export async function programOfCard(db: DbOrTx, projectId: string, code: string): Promise<string | undefined> {
  return cardPrograms.get(`${projectId}\u0000${code}`, async () => (await plainRows(db, programText, [projectId, code]))[0]?.[0] as string | undefined);
}

/** A card as a read without a lock saw it: the row, its version (card-posting.ts) and its open buckets. */
export interface CardAtVersion {
  card: VoucherRow;
  version: string;
  openBuckets: Bucket[];
}

const atVersionText = (buckets: boolean) =>
  `SELECT ${voucherRows.columns('v')}, ${cardVersionColumn('v')}, ${buckets ? openBucketsColumn('v') : "'[]'"} FROM vouchers v WHERE v.project_id = $1 AND v.code = $2 LIMIT 1`;
const withBucketsText = atVersionText(true);
const withoutBucketsText = atVersionText(false);

/**
 * One card by code with its version and, when points may be taken (`withBuckets`), its open buckets,
 * without a lock, in one round trip (plain SQL: a balance change's first read). A card gains a
 * bucket with every accrual and addition, so points added need not read them.
 */
export async function readCardAtVersion(db: DbOrTx, projectId: string, code: string, options: { withBuckets: boolean }): Promise<CardAtVersion | undefined> {
  const [row] = await plainRows(db, options.withBuckets ? withBucketsText : withoutBucketsText, [projectId, code]);
  if (!row) return undefined;
  const width = voucherRows.width;
  return { card: voucherRows.row(row), version: row[width] as string, openBuckets: openBucketsOf(row[width + 1]) };
}

/** The publication recorded with a card; the card, campaign and project come from the card. */
export type NewPublication = Pick<PublicationInsert, 'id' | 'customerId' | 'trackingId' | 'sourceId' | 'channel' | 'metadata' | 'createdAt'>;
/** A publication before its customer is known. */
export type PublicationDraft = Omit<NewPublication, 'customerId' | 'trackingId'>;

/**
 * Takes the oldest card of the campaign suitable for publication now, gives it to the customer and
 * records the publication, in one statement (one round trip; plain SQL, see plain-sql.ts): the
 * scalar subquery runs once, and SKIP LOCKED lets parallel enrollments take different cards instead
 * of queueing on the same one. The pick starts after the campaign's cursor (free-card-cursor.ts) and,
 * when nothing is free there, drops it and looks from the oldest card. Returns the card as published,
 * or undefined when none is free. A customer who already joined fails it on publications_join_once_uq.
 */
export async function publishNextFreeCard(db: DbOrTx, campaignId: string, publication: NewPublication): Promise<VoucherRow | undefined> {
  const p = publication;
  const values = [campaignId, p.customerId, p.createdAt?.toISOString(), p.id, p.trackingId ?? null, p.sourceId ?? null, p.channel ?? null, JSON.stringify(p.metadata ?? {})];
  const attempt = async (after: CardPosition | undefined) => {
    const cursorValues = after ? [after.createdAt.toISOString(), after.id] : [];
    const text = `WITH card AS (
        UPDATE vouchers SET holder_id = $2, publish_count = publish_count + 1, updated_at = $3::timestamptz
        WHERE id = (${nextFreeCardSql('$1', '$3::timestamptz', after && { createdAt: '$9::timestamptz', id: '$10::text' })})
        RETURNING *),
      publication AS (
        INSERT INTO publications (id, project_id, campaign_id, voucher_id, customer_id, tracking_id, source_id, channel, metadata, created_at)
        SELECT $4, card.project_id, card.campaign_id, card.id, $2, $5, $6, $7, $8::text::jsonb, $3::timestamptz FROM card)
      SELECT ${voucherRows.columns('card')} FROM card`;
    const [row] = await plainRows(db, text, [...values, ...cursorValues]);
    return row && voucherRows.row(row);
  };
  const after = freeCardCursor.after(campaignId);
  let card = await attempt(after);
  if (!card && after) {
    freeCardCursor.forget(campaignId);
    card = await attempt(undefined);
  }
  if (card) freeCardCursor.advance(campaignId, card);
  return card;
}

/**
 * The id of the campaign's oldest card suitable for publication at `now`, locked, skipping cards
 * others hold locked; with `after` (SQL for a created_at and an id), the oldest after that position;
 * with `limit`, that many.
 */
export function nextFreeCardSql(campaignId: string, now: string, after?: { createdAt: string; id: string }, limit = '1'): string {
  return `SELECT id FROM vouchers
    WHERE campaign_id = ${campaignId} AND holder_id IS NULL AND active
      AND (start_date IS NULL OR start_date <= ${now}) AND (expiration_date IS NULL OR expiration_date > ${now})${after ? `
      AND (created_at, id) > (${after.createdAt}, ${after.id})` : ''}
    ORDER BY created_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
}

/** Inserts a card unless its code is taken; returns undefined on a code collision. */
export async function insertCardIfCodeFree(db: DbOrTx, card: typeof vouchers.$inferInsert): Promise<VoucherRow | undefined> {
  const [row] = await db.insert(vouchers).values(card).onConflictDoNothing().returning();
  return row;
}

export async function markPublished(db: DbOrTx, voucherId: string, customerId: string, now: Date): Promise<void> {
  await db
    .update(vouchers)
    .set({ holderId: customerId, publishCount: sql`${vouchers.publishCount} + 1`, updatedAt: now })
    .where(eq(vouchers.id, voucherId));
}

export type MemberOrder = 'created_at' | '-created_at' | 'updated_at' | '-updated_at' | 'code' | '-code';

export async function listCampaignCards(
  db: DbOrTx,
  campaignId: string,
  opts: { limit: number; page: number; order: MemberOrder; holderId?: string; published?: boolean; code?: string; ids?: string[]; created_at?: DateRange; updated_at?: DateRange },
) {
  // A card never changed since it was made was last updated when it was made: for the order and the filter alike.
  const updatedAt = sql`coalesce(${vouchers.updatedAt}, ${vouchers.createdAt})`;
  const filters: SQL[] = [eq(vouchers.campaignId, campaignId)];
  if (opts.holderId) filters.push(eq(vouchers.holderId, opts.holderId));
  if (opts.published !== undefined) filters.push(opts.published ? isNotNull(vouchers.holderId) : isNull(vouchers.holderId));
  if (opts.code) filters.push(eq(vouchers.code, opts.code));
  if (opts.ids?.length) filters.push(inArray(vouchers.id, opts.ids));
  filters.push(...withinRange(sql`${vouchers.createdAt}`, opts.created_at), ...withinRange(updatedAt, opts.updated_at));
  const where = and(...filters);
  const field = opts.order.replace('-', '');
  const column = field === 'code' ? vouchers.code : field === 'updated_at' ? updatedAt : vouchers.createdAt;
  // By creation, ties are broken by id in the same direction, so one index (campaign_id, created_at,
  // id) serves both orders; the page's ids are found first (an index-only walk past the offset), then
  // only its rows read: page 1,000 of a million-card program read 10,000 rows to return 10.
  const direction = opts.order.startsWith('-') ? desc : asc;
  const order = [direction(column), field === 'created_at' ? direction(vouchers.id) : asc(vouchers.id)];
  const page = db.select({ id: vouchers.id }).from(vouchers).where(where).orderBy(...order).limit(opts.limit).offset((opts.page - 1) * opts.limit);
  const rows = await db.select().from(vouchers).where(inArray(vouchers.id, page)).orderBy(...order);
  // Filtered by nothing but the program (and whether held): the kept counts; else the matching cards counted.
  const narrowed = filters.length > (opts.published === undefined ? 1 : 2);
  const total = narrowed ? (await db.select({ total: count() }).from(vouchers).where(where))[0].total : await countedCards(db, campaignId, opts.published);
  return { rows, total };
}

/** Per card: the nearest date on which points expire and how many (SERVICE_SPEC §2.2). */
export async function nextExpirations(db: DbOrTx, voucherIds: string[]): Promise<Map<string, { date: string; points: number }>> {
  if (voucherIds.length === 0) return new Map();
  const rows = await rowsOf<{ voucher_id: string; expires_on: string; points: string | number }>(
    db,
    sql`SELECT DISTINCT ON (voucher_id) voucher_id, expires_on, sum(remaining) OVER (PARTITION BY voucher_id, expires_on) AS points
        FROM point_buckets
        WHERE voucher_id IN (${sql.join(voucherIds.map((id) => sql`${id}`), sql`, `)}) AND remaining > 0 AND expires_on IS NOT NULL
        ORDER BY voucher_id, expires_on`,
  );
  return new Map(rows.map((r) => [r.voucher_id, { date: r.expires_on, points: Number(r.points) }]));
}

/** Every card the customer holds, across programs. */
export async function cardsHeldBy(db: DbOrTx, projectId: string, holderId: string): Promise<VoucherRow[]> {
  return db.select().from(vouchers).where(and(eq(vouchers.projectId, projectId), eq(vouchers.holderId, holderId)));
}

/** The project's card with a holder changed last (published, earning, …), for a fired webhook that names none. */
export async function latestHeldCard(db: DbOrTx, projectId: string): Promise<VoucherRow | undefined> {
  const [row] = await db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.projectId, projectId), isNotNull(vouchers.holderId)))
    .orderBy(desc(sql`coalesce(${vouchers.updatedAt}, ${vouchers.createdAt})`), desc(vouchers.id))
    .limit(1);
  return row;
}

/** The project's cards of these ids (any order; unknown ids are left out). */
export async function vouchersByIds(db: DbOrTx, projectId: string, ids: string[]): Promise<VoucherRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(vouchers).where(and(eq(vouchers.projectId, projectId), inArray(vouchers.id, ids)));
}
