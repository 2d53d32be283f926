import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { events } from '../../../platform/db/schema';
import { plainRows } from '../plain-sql';

export type EventRow = typeof events.$inferSelect;
/** An event as its writers make it; the database adds the writer's xid. */
export type NewEventRow = Omit<EventRow, 'xid'>;

export async function insertEvent(db: DbOrTx, row: typeof events.$inferInsert): Promise<EventRow> {
  const [inserted] = await db.insert(events).values(row).returning();
  return inserted;
}

const insertText = `INSERT INTO events (id, project_id, customer_id, type, metadata, referral, loyalty, created_at)
  VALUES ($1, $2, $3, $4, $5::text::jsonb, $6::text::jsonb, $7::text::jsonb, $8::timestamptz)`;

/** insertEvent on a hot path (a paid order): plain SQL, nothing read back. */
export async function recordEvent(db: DbOrTx, row: NewEventRow): Promise<void> {
  const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
  await plainRows(db, insertText, [row.id, row.projectId, row.customerId, row.type, JSON.stringify(row.metadata), json(row.referral), json(row.loyalty), row.createdAt.toISOString()]);
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
