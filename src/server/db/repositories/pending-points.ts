import { and, asc, desc, eq, gt, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { pendingPoints, vouchers } from '../../../platform/db/schema';
import { recordPendingChange } from './webhook-outbox';

export type PendingPointsRow = typeof pendingPoints.$inferSelect;
export type NewPendingPoints = typeof pendingPoints.$inferInsert;

/**
 * Points held back, and the card's `pending_points` moved by them. The caller holds the card
 * locked. These writers of pending points (hold, close, adjust) also record the change for
 * webhooks in the same transaction; an activation is reported by its card transaction.
 */
export async function holdPendingPoints(db: DbOrTx, row: NewPendingPoints): Promise<PendingPointsRow> {
  const [held] = await db.insert(pendingPoints).values(row).returning();
  await moveCardPending(db, row.voucherId, row.points);
  await recordPendingChange(db, 'pending_points.added', held, held.points, held.createdAt);
  return held;
}

/** The card's pending total moved by `delta` (the caller holds the card locked). */
async function moveCardPending(db: DbOrTx, cardId: string, delta: number): Promise<void> {
  await db
    .update(vouchers)
    .set({ pendingPoints: sql`${vouchers.pendingPoints} + ${delta}` })
    .where(eq(vouchers.id, cardId));
}

/** One entry still PENDING of the card, locked for its change. */
export async function lockPendingEntry(db: DbOrTx, cardId: string, id: string): Promise<PendingPointsRow | undefined> {
  const [row] = await db
    .select()
    .from(pendingPoints)
    .where(and(eq(pendingPoints.voucherId, cardId), eq(pendingPoints.id, id), eq(pendingPoints.status, 'PENDING')))
    .for('update');
  return row;
}

/**
 * The entry leaves PENDING (activated or canceled) and the card's pending total drops by what it
 * held. `row` is the entry as lockPendingEntry read it under the card's lock; an entry no longer
 * PENDING is a caller that decided without that lock, and throws rather than decide it twice.
 */
export async function closePendingEntry(db: DbOrTx, row: PendingPointsRow, status: 'ACTIVATED' | 'CANCELED', now: Date, details?: Record<string, unknown>): Promise<void> {
  const [closed] = await db
    .update(pendingPoints)
    .set({ status, updatedAt: now, ...(details && { details: { ...(row.details as Record<string, unknown>), ...details } }) })
    .where(and(eq(pendingPoints.id, row.id), eq(pendingPoints.status, 'PENDING')))
    .returning();
  if (!closed) throw new Error(`pending points ${row.id} were already decided: read them with lockPendingEntry under the card's lock`);
  await moveCardPending(db, row.voucherId, -row.points);
  if (status === 'CANCELED') await recordPendingChange(db, 'pending_points.canceled', closed, -row.points, now);
}

/** The entry holds `delta` points more (or fewer) and the card's pending total with it. */
export async function adjustPendingEntry(db: DbOrTx, row: PendingPointsRow, delta: number, now: Date): Promise<PendingPointsRow> {
  const [updated] = await db
    .update(pendingPoints)
    .set({ points: row.points + delta, updatedAt: now })
    .where(eq(pendingPoints.id, row.id))
    .returning();
  await moveCardPending(db, row.voucherId, delta);
  await recordPendingChange(db, 'pending_points.updated', updated, delta, now);
  return updated;
}

/** The PENDING entries of an order, with their cards, oldest first. */
export async function pendingEntriesOfOrder(db: DbOrTx, orderId: string): Promise<PendingPointsRow[]> {
  return db
    .select()
    .from(pendingPoints)
    .where(and(eq(pendingPoints.orderId, orderId), eq(pendingPoints.status, 'PENDING')))
    .orderBy(asc(pendingPoints.id));
}

/** Entries still PENDING whose day has come (`activates_on` ≤ `today`), of one project when given. */
export async function dueEntries(db: DbOrTx, today: string, limit: number, projectId?: string): Promise<PendingPointsRow[]> {
  return db
    .select()
    .from(pendingPoints)
    .where(and(eq(pendingPoints.status, 'PENDING'), lte(pendingPoints.activatesOn, today), projectId ? eq(pendingPoints.projectId, projectId) : undefined))
    .orderBy(asc(pendingPoints.activatesOn), asc(pendingPoints.id))
    .limit(limit);
}

/** A page of PENDING entries of a card or a campaign, by id, after the cursor entry. */
export async function listPendingEntries(
  db: DbOrTx,
  where: { projectId: string; cardId?: string; campaignId?: string },
  opts: { limit: number; order: 'id' | '-id'; startingAfterId?: string },
): Promise<PendingPointsRow[]> {
  const newestFirst = opts.order === '-id';
  const conditions: (SQL | undefined)[] = [
    eq(pendingPoints.projectId, where.projectId),
    eq(pendingPoints.status, 'PENDING'),
    where.cardId ? eq(pendingPoints.voucherId, where.cardId) : undefined,
    where.campaignId ? eq(pendingPoints.campaignId, where.campaignId) : undefined,
    opts.startingAfterId ? (newestFirst ? lt(pendingPoints.id, opts.startingAfterId) : gt(pendingPoints.id, opts.startingAfterId)) : undefined,
  ];
  return db
    .select()
    .from(pendingPoints)
    .where(and(...conditions))
    .orderBy(newestFirst ? desc(pendingPoints.id) : asc(pendingPoints.id))
    .limit(opts.limit);
}
