import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { events } from '../../../platform/db/schema';

export type EventRow = typeof events.$inferSelect;

export async function insertEvent(db: DbOrTx, row: typeof events.$inferInsert): Promise<EventRow> {
  const [inserted] = await db.insert(events).values(row).returning();
  return inserted;
}

export async function findEvent(db: DbOrTx, projectId: string, id: string): Promise<EventRow | undefined> {
  const [row] = await db.select().from(events).where(and(eq(events.projectId, projectId), eq(events.id, id))).limit(1);
  return row;
}

/** A customer's events, newest first, after `after` (keyset on created_at, id). */
export async function listCustomerEvents(db: DbOrTx, projectId: string, customerId: string, opts: { limit: number; after?: EventRow }): Promise<EventRow[]> {
  const after = opts.after;
  return db
    .select()
    .from(events)
    .where(
      and(
        eq(events.projectId, projectId),
        eq(events.customerId, customerId),
        after ? or(lt(events.createdAt, after.createdAt), and(eq(events.createdAt, after.createdAt), lt(events.id, after.id))) : undefined,
      ),
    )
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(opts.limit);
}
