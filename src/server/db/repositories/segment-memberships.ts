import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { segmentMembers } from '../../../platform/db/schema';

/** Ids of the segments a customer is in (what `customer.segment` rule conditions test). */
export async function segmentIdsOfCustomer(db: DbOrTx, customerId: string): Promise<string[]> {
  const rows = await db.select({ id: segmentMembers.segmentId }).from(segmentMembers).where(eq(segmentMembers.customerId, customerId));
  return rows.map((r) => r.id);
}
