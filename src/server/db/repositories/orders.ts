import { and, asc, count, desc, eq, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { orders } from '../../../platform/db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

/** An order by id or, as upserts and the real API's `orderId` allow, by source id; locked for the change when `lock`. */
export async function findOrder(db: DbOrTx, projectId: string, ref: { id?: string; sourceId?: string | null }, lock = false): Promise<OrderRow | undefined> {
  const match = ref.id !== undefined ? eq(orders.id, ref.id) : ref.sourceId ? eq(orders.sourceId, ref.sourceId) : undefined;
  if (!match) return undefined;
  const query = db.select().from(orders).where(and(eq(orders.projectId, projectId), match)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** GET /v1/orders/{orderId}: the id, or a source id. */
export async function findOrderByIdOrSourceId(db: DbOrTx, projectId: string, ref: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.projectId, projectId), or(eq(orders.id, ref), eq(orders.sourceId, ref))))
    .orderBy(asc(orders.createdAt))
    .limit(1);
  return row;
}

export async function insertOrder(db: DbOrTx, order: NewOrder): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(order).returning();
  return row;
}

export async function updateOrderRow(db: DbOrTx, id: string, set: Partial<NewOrder>): Promise<OrderRow> {
  const [row] = await db.update(orders).set(set).where(eq(orders.id, id)).returning();
  return row;
}

export type OrderListOrder = 'created_at' | '-created_at' | 'updated_at' | '-updated_at';

/** A page of the project's orders (of one customer, when given), with their total. */
export async function listOrders(db: DbOrTx, projectId: string, opts: { limit: number; page: number; order: OrderListOrder; customerId?: string }) {
  const where: SQL | undefined = and(eq(orders.projectId, projectId), opts.customerId ? eq(orders.customerId, opts.customerId) : undefined);
  const column = opts.order.endsWith('updated_at') ? orders.updatedAt : orders.createdAt;
  const direction = opts.order.startsWith('-') ? desc : asc;
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(direction(column), direction(orders.id))
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  const [{ total }] = await db.select({ total: count() }).from(orders).where(where);
  return { rows, total };
}
