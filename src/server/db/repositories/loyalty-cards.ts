import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { vouchers } from '../../../platform/db/schema';
import type { VoucherRow } from './vouchers';

/**
 * Locks cards for a points change, in id order so two transactions that lock the same cards never
 * deadlock. Everything that changes a card's points locks it first, so changes to one card serialize.
 */
export async function lockCards(db: DbOrTx, ids: string[]): Promise<VoucherRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(vouchers).where(inArray(vouchers.id, ids)).orderBy(asc(vouchers.id)).for('update');
}

/**
 * The loyalty cards the customer holds in the given campaigns, locked (in id order, as lockCards,
 * so two events never take one customer's cards in opposite orders), in one round trip.
 */
export async function lockHeldCards(db: DbOrTx, projectId: string, holderId: string, campaignIds: string[]): Promise<VoucherRow[]> {
  if (campaignIds.length === 0) return [];
  return db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.projectId, projectId), eq(vouchers.holderId, holderId), inArray(vouchers.campaignId, campaignIds)))
    .orderBy(asc(vouchers.id))
    .for('update');
}

