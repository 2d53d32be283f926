import { asc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { vouchers } from '../../../platform/db/schema';
import { plainRows, tableRows } from '../plain-sql';
import type { VoucherRow } from './vouchers';

/**
 * Locks cards for a points change, in id order so two transactions that lock the same cards never
 * deadlock. Everything that changes a card's points locks it first, so changes to one card serialize.
 */
export async function lockCards(db: DbOrTx, ids: string[]): Promise<VoucherRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(vouchers).where(inArray(vouchers.id, ids)).orderBy(asc(vouchers.id)).for('update');
}

const cardRows = tableRows(vouchers);
const heldText = `SELECT ${cardRows.columns()} FROM vouchers WHERE project_id = $1 AND holder_id = $2 AND campaign_id = ANY($3::text[]) ORDER BY id FOR UPDATE`;

/**
 * The loyalty cards the customer holds in the given campaigns, locked (in id order, as lockCards,
 * so two events never take one customer's cards in opposite orders), in one round trip. Plain SQL:
 * every event and paid order that earns starts here.
 */
export async function lockHeldCards(db: DbOrTx, projectId: string, holderId: string, campaignIds: string[]): Promise<VoucherRow[]> {
  if (campaignIds.length === 0) return [];
  return (await plainRows(db, heldText, [projectId, holderId, campaignIds])).map((row) => cardRows.row(row));
}

const allHeldText = `SELECT ${cardRows.columns()} FROM vouchers WHERE project_id = $1 AND holder_id = $2 ORDER BY id FOR UPDATE`;

/** Every loyalty card the customer holds, locked in id order (as lockCards), in one round trip. */
export async function lockAllHeldCards(db: DbOrTx, projectId: string, holderId: string): Promise<VoucherRow[]> {
  return (await plainRows(db, allHeldText, [projectId, holderId])).map((row) => cardRows.row(row));
}
