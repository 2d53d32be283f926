import { and, asc, count, desc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { skus } from '../../../platform/db/schema';

export type SkuRow = typeof skus.$inferSelect;
export type NewSku = typeof skus.$inferInsert;

/** A SKU of the project by id or source id, as `skuId` accepts both. */
export async function findSku(db: DbOrTx, projectId: string, idOrSourceId: string): Promise<SkuRow | undefined> {
  const [row] = await db
    .select()
    .from(skus)
    .where(and(eq(skus.projectId, projectId), or(eq(skus.id, idOrSourceId), eq(skus.sourceId, idOrSourceId))))
    .orderBy(asc(skus.createdAt))
    .limit(1);
  return row;
}

export async function insertSku(db: DbOrTx, sku: NewSku): Promise<SkuRow> {
  const [row] = await db.insert(skus).values(sku).returning();
  return row;
}

export async function updateSkuRow(db: DbOrTx, id: string, changes: Partial<NewSku>): Promise<SkuRow> {
  const [row] = await db.update(skus).set(changes).where(eq(skus.id, id)).returning();
  return row;
}

export async function deleteSkuRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(skus).where(eq(skus.id, id));
}

export type SkuOrder = 'created_at' | '-created_at' | 'updated_at' | '-updated_at';

/** One page of a product's SKUs and how many it has. */
export async function skusOfProduct(db: DbOrTx, productId: string, opts: { limit: number; page: number; order: SkuOrder; start_date?: Date; end_date?: Date }) {
  // Never changed since it was made: last updated when it was made (else NULLs would lead a newest-first list).
  const column = opts.order.endsWith('updated_at') ? sql`coalesce(${skus.updatedAt}, ${skus.createdAt})` : skus.createdAt;
  const where = and(eq(skus.productId, productId), opts.start_date ? gte(skus.createdAt, opts.start_date) : undefined, opts.end_date ? lte(skus.createdAt, opts.end_date) : undefined);
  const rows = await db
    .select()
    .from(skus)
    .where(where)
    .orderBy(opts.order.startsWith('-') ? desc(column) : asc(column), asc(skus.id))
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  const [{ total }] = await db.select({ total: count() }).from(skus).where(where);
  return { rows, total };
}

/** The SKUs of each of `productIds` (oldest first), for the product objects that carry them. */
export async function skusOfProducts(db: DbOrTx, productIds: string[]): Promise<Map<string, SkuRow[]>> {
  const byProduct = new Map<string, SkuRow[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return byProduct;
  const rows = await db.select().from(skus).where(inArray(skus.productId, productIds)).orderBy(asc(skus.createdAt), asc(skus.id));
  for (const row of rows) byProduct.get(row.productId)?.push(row);
  return byProduct;
}

/** The SKUs named by any of `refs` (an id or a source id), in one round trip. */
export async function skusByRefs(db: DbOrTx, projectId: string, refs: string[]): Promise<SkuRow[]> {
  const wanted = [...new Set(refs)];
  if (wanted.length === 0) return [];
  return db
    .select()
    .from(skus)
    .where(and(eq(skus.projectId, projectId), or(inArray(skus.id, wanted), inArray(skus.sourceId, wanted))));
}
