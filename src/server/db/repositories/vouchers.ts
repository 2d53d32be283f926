import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { rowsOf } from '../client';
import { vouchers } from '../schema';

export type VoucherRow = typeof vouchers.$inferSelect;

export async function findVoucherByCode(db: DbOrTx, projectId: string, code: string): Promise<VoucherRow | undefined> {
  const [row] = await db.select().from(vouchers).where(and(eq(vouchers.projectId, projectId), eq(vouchers.code, code))).limit(1);
  return row;
}

/** Locks one card by code for the rest of the transaction. */
export async function lockVoucherByCode(db: DbOrTx, projectId: string, code: string): Promise<VoucherRow | undefined> {
  const [row] = await db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.projectId, projectId), eq(vouchers.code, code)))
    .limit(1)
    .for('update');
  return row;
}

/**
 * Takes the oldest card of the campaign suitable for publication now and gives it to a customer, in
 * one statement (lock and update in one round trip): the scalar subquery runs once, and SKIP LOCKED
 * lets parallel enrollments take different cards instead of queueing on the same one. Returns the
 * card as published, or undefined when none is free.
 */
export async function publishNextFreeCard(db: DbOrTx, campaignId: string, customerId: string, now: Date): Promise<VoucherRow | undefined> {
  const next = db
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(
      and(
        eq(vouchers.campaignId, campaignId),
        sql`${vouchers.holderId} IS NULL`,
        eq(vouchers.active, true),
        sql`(${vouchers.startDate} IS NULL OR ${vouchers.startDate} <= ${now.toISOString()})`,
        sql`(${vouchers.expirationDate} IS NULL OR ${vouchers.expirationDate} > ${now.toISOString()})`,
      ),
    )
    .orderBy(asc(vouchers.createdAt), asc(vouchers.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(vouchers)
    .set({ holderId: customerId, publishCount: sql`${vouchers.publishCount} + 1`, updatedAt: now })
    .where(sql`${vouchers.id} = (${next})`)
    .returning();
  return row;
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
  opts: { limit: number; page: number; order: MemberOrder; holderId?: string; code?: string; ids?: string[] },
) {
  const filters: SQL[] = [eq(vouchers.campaignId, campaignId)];
  if (opts.holderId) filters.push(eq(vouchers.holderId, opts.holderId));
  if (opts.code) filters.push(eq(vouchers.code, opts.code));
  if (opts.ids?.length) filters.push(inArray(vouchers.id, opts.ids));
  const where = and(...filters);
  const field = opts.order.replace('-', '');
  const column = field === 'code' ? vouchers.code : field === 'updated_at' ? sql`coalesce(${vouchers.updatedAt}, ${vouchers.createdAt})` : vouchers.createdAt;
  const rows = await db
    .select()
    .from(vouchers)
    .where(where)
    .orderBy(opts.order.startsWith('-') ? desc(column) : asc(column), asc(vouchers.id))
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  const [{ total }] = await db.select({ total: count() }).from(vouchers).where(where);
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
