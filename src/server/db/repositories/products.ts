import { and, asc, count, desc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { products, rewards } from '../../../platform/db/schema';

export type ProductRow = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;

/** A product by id or by source id, as the real API's `productId` accepts both. */
export async function findProduct(db: DbOrTx, projectId: string, idOrSourceId: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.projectId, projectId), or(eq(products.id, idOrSourceId), eq(products.sourceId, idOrSourceId))))
    .orderBy(asc(products.createdAt))
    .limit(1);
  return row;
}

export async function insertProduct(db: DbOrTx, product: NewProduct): Promise<ProductRow> {
  const [row] = await db.insert(products).values(product).returning();
  return row;
}

export async function updateProduct(db: DbOrTx, id: string, changes: Partial<NewProduct>): Promise<ProductRow> {
  const [row] = await db.update(products).set(changes).where(eq(products.id, id)).returning();
  return row;
}

export type ProductOrder = 'created_at' | '-created_at' | 'updated_at' | '-updated_at';

export async function listProducts(db: DbOrTx, projectId: string, opts: { limit: number; page: number; order: ProductOrder; start_date?: Date; end_date?: Date }) {
  // Never changed since it was made: last updated when it was made (else NULLs would lead a newest-first list).
  const column = opts.order.endsWith('updated_at') ? sql`coalesce(${products.updatedAt}, ${products.createdAt})` : products.createdAt;
  const where = and(
    eq(products.projectId, projectId),
    opts.start_date ? gte(products.createdAt, opts.start_date) : undefined,
    opts.end_date ? lte(products.createdAt, opts.end_date) : undefined,
  );
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(opts.order.startsWith('-') ? desc(column) : asc(column), asc(products.id))
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  const [{ total }] = await db.select({ total: count() }).from(products).where(where);
  return { rows, total };
}

export async function productsByIds(db: DbOrTx, projectId: string, ids: string[]): Promise<Map<string, ProductRow>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.projectId, projectId), inArray(products.id, wanted)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The products named by any of `refs` (an id or a source id), in one round trip. */
export async function productsByRefs(db: DbOrTx, projectId: string, refs: string[]): Promise<ProductRow[]> {
  const wanted = [...new Set(refs)];
  if (wanted.length === 0) return [];
  return db
    .select()
    .from(products)
    .where(and(eq(products.projectId, projectId), or(inArray(products.id, wanted), inArray(products.sourceId, wanted))));
}

/** The product, locked for a change that must not race another (its deletion). */
export async function lockProduct(db: DbOrTx, projectId: string, idOrSourceId: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.projectId, projectId), or(eq(products.id, idOrSourceId), eq(products.sourceId, idOrSourceId))))
    .orderBy(asc(products.createdAt))
    .limit(1)
    .for('update');
  return row;
}

/** The rewards that give this product (MATERIAL): while there are any, it stays. */
export async function rewardsGivingProduct(db: DbOrTx, productId: string): Promise<string[]> {
  return (await db.select({ id: rewards.id }).from(rewards).where(eq(rewards.productId, productId))).map((r) => r.id);
}

/** Deletes the product; its SKUs go with it (ON DELETE CASCADE). */
export async function deleteProductRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(products).where(eq(products.id, id));
}
