import { and, asc, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { orders } from '../../../platform/db/schema';
import { plainRows, tableRows } from '../plain-sql';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

// Creating and paying an order is a hot path (bench:api "Create order"): its reads and writes are
// plain SQL, named statements on PostgreSQL (plain-sql.ts).
const orderRows = tableRows(orders);

const lockById = `SELECT ${orderRows.columns()} FROM orders WHERE project_id = $1 AND id = $2 FOR UPDATE`;
const lockBySourceId = `SELECT ${orderRows.columns()} FROM orders WHERE project_id = $1 AND source_id = $2 FOR UPDATE`;

/** An order by id or, as upserts allow, by source id, locked for the change. */
export async function lockOrder(db: DbOrTx, projectId: string, ref: { id?: string; sourceId?: string | null }): Promise<OrderRow | undefined> {
  if (ref.id === undefined && !ref.sourceId) return undefined;
  const [row] = await plainRows(db, ref.id !== undefined ? lockById : lockBySourceId, [projectId, ref.id ?? ref.sourceId]);
  return row && orderRows.row(row);
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

/** The columns an order is written with, in the order of writeValues. */
const written = ['source_id', 'status', 'customer_id', 'referrer_id', 'amount', 'discount_amount', 'items_discount_amount', 'total_amount', 'items', 'metadata', 'paid_at'];
type OrderFields = Omit<NewOrder, 'id' | 'projectId' | 'createdAt' | 'updatedAt'>;

function writeValues(fields: OrderFields): unknown[] {
  return [
    fields.sourceId ?? null,
    fields.status,
    fields.customerId ?? null,
    fields.referrerId ?? null,
    fields.amount,
    fields.discountAmount ?? 0,
    fields.itemsDiscountAmount ?? 0,
    fields.totalAmount,
    JSON.stringify(fields.items ?? []),
    JSON.stringify(fields.metadata ?? {}),
    fields.paidAt?.toISOString() ?? null,
  ];
}
const placeholder = (column: string, n: number) => (column === 'items' || column === 'metadata' ? `$${n}::text::jsonb` : column === 'paid_at' ? `$${n}::timestamptz` : `$${n}`);

const insertText = `INSERT INTO orders (id, project_id, created_at, ${written.join(', ')})
  VALUES ($1, $2, $3::timestamptz, ${written.map((column, i) => placeholder(column, i + 4)).join(', ')}) RETURNING ${orderRows.columns()}`;
const updateText = `UPDATE orders SET updated_at = $2::timestamptz, ${written.map((column, i) => `${column} = ${placeholder(column, i + 3)}`).join(', ')}
  WHERE id = $1 RETURNING ${orderRows.columns()}`;

export async function insertOrder(db: DbOrTx, order: OrderFields & { id: string; projectId: string; createdAt: Date }): Promise<OrderRow> {
  const [row] = await plainRows(db, insertText, [order.id, order.projectId, order.createdAt.toISOString(), ...writeValues(order)]);
  return orderRows.row(row);
}

/** Every written field replaced (the caller merges the change with the stored order). */
export async function updateOrderRow(db: DbOrTx, id: string, fields: OrderFields & { updatedAt: Date }): Promise<OrderRow> {
  const [row] = await plainRows(db, updateText, [id, fields.updatedAt.toISOString(), ...writeValues(fields)]);
  return orderRows.row(row);
}

export type OrderListOrder = 'created_at' | '-created_at' | 'updated_at' | '-updated_at';

/** A page of the project's orders (of one customer, when given), with their total. */
export async function listOrders(db: DbOrTx, projectId: string, opts: { limit: number; page: number; order: OrderListOrder; customerId?: string }) {
  const where: SQL | undefined = and(eq(orders.projectId, projectId), opts.customerId ? eq(orders.customerId, opts.customerId) : undefined);
  // Never changed since it was made: last updated when it was made (else NULLs would lead a newest-first list).
  const column = opts.order.endsWith('updated_at') ? sql`coalesce(${orders.updatedAt}, ${orders.createdAt})` : orders.createdAt;
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
