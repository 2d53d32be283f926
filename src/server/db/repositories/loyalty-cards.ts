import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CardTotals } from '../../domain/card-ledger';
import type { DbOrTx } from '../client';
import { vouchers } from '../schema';
import type { VoucherRow } from './vouchers';

/**
 * Locks cards for a points change, in id order so two transactions that lock the same cards never
 * deadlock. Everything that changes a card's points locks it first, so changes to one card serialize.
 */
export async function lockCards(db: DbOrTx, ids: string[]): Promise<VoucherRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(vouchers).where(inArray(vouchers.id, ids)).orderBy(asc(vouchers.id)).for('update');
}

/** Ids of the loyalty cards the customer holds in the given campaigns. */
export async function heldCardIds(db: DbOrTx, projectId: string, holderId: string, campaignIds: string[]): Promise<string[]> {
  if (campaignIds.length === 0) return [];
  const rows = await db
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(and(eq(vouchers.projectId, projectId), eq(vouchers.holderId, holderId), inArray(vouchers.campaignId, campaignIds)));
  return rows.map((r) => r.id);
}

export async function updateTotals(db: DbOrTx, voucherId: string, totals: CardTotals, now: Date): Promise<void> {
  await db.update(vouchers).set({ ...totals, updatedAt: now }).where(eq(vouchers.id, voucherId));
}
