import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { segmentMembers, segments } from '../../../platform/db/schema';

/** Ids of the segments a customer is in (what `customer.segment` rule conditions test). */
export async function segmentIdsOfCustomer(db: DbOrTx, customerId: string): Promise<string[]> {
  const rows = await db.select({ id: segmentMembers.segmentId }).from(segmentMembers).where(eq(segmentMembers.customerId, customerId));
  return rows.map((r) => r.id);
}

/** The segments a customer is in, by name. */
export async function segmentsOfCustomer(db: DbOrTx, customerId: string): Promise<{ id: string; name: string }[]> {
  return db.select({ id: segments.id, name: segments.name }).from(segmentMembers).innerJoin(segments, eq(segments.id, segmentMembers.segmentId)).where(eq(segmentMembers.customerId, customerId)).orderBy(asc(segments.name));
}
