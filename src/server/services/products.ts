import type { CreateProductRequest, Product, ProductList, UpdateProductRequest } from '../../contract/product';
import type { ServiceContext } from '../context';
import { violatedUniqueIndex } from '../../platform/db/errors';
import { newId } from '../../platform/ids';
import type { DbOrTx } from '../../platform/db/client';
import {
  deleteProductRow,
  findProduct,
  insertProduct,
  listProducts as queryProducts,
  lockProduct,
  rewardsGivingProduct,
  updateProduct as updateProductRow,
  type NewProduct,
  type ProductOrder,
  type ProductRow,
} from '../db/repositories/products';
import { skusOfProducts } from '../db/repositories/skus';
import { ApiError, notFound, resourceInUse } from '../lib/api-error';
import { presentProduct } from '../presenters/product';

/** The fields of a create or update request that are stored, leaving out what was not given (`null` clears). */
export function productFieldsOf(body: CreateProductRequest | UpdateProductRequest): Partial<NewProduct> {
  const fields: Partial<NewProduct> = {};
  if ('source_id' in body && body.source_id !== undefined) fields.sourceId = body.source_id;
  if (body.name !== undefined) fields.name = body.name;
  if (body.price !== undefined) fields.price = body.price;
  if (body.attributes !== undefined) fields.attributes = body.attributes ?? [];
  if (body.metadata !== undefined) fields.metadata = body.metadata ?? {};
  if (body.image_url !== undefined) fields.imageUrl = body.image_url;
  return fields;
}

/** Product objects with their SKUs, read for all of them at once. */
async function present(db: DbOrTx, rows: ProductRow[]): Promise<Product[]> {
  const skus = await skusOfProducts(db, rows.map((r) => r.id));
  return rows.map((row) => presentProduct(row, skus.get(row.id)));
}

/**
 * POST /v1/products, in the real API's upsert mode: the product with the given `id` (which must
 * exist: ids are ours to make) or `source_id` is updated with the fields given; otherwise a new one
 * is made.
 */
export async function createProduct(ctx: ServiceContext, projectId: string, body: CreateProductRequest, retried = false): Promise<Product> {
  const now = ctx.clock.now();
  try {
    return await ctx.db.transaction(async (tx) => (await present(tx, [await upsertProduct(tx, projectId, body, now)]))[0]);
  } catch (error) {
    if (violatedUniqueIndex(error) !== 'products_project_source_uq') throw error;
    // A parallel request made the same source_id first: this one updates it. Twice means the
    // product named by `id` asks for the source_id another product holds.
    if (!retried) return createProduct(ctx, projectId, body, true);
    const holder = await findProduct(ctx.db, projectId, body.source_id as string);
    throw new ApiError(409, 'duplicate_found', 'Duplicated resource found', `Duplicated product exists with source_id ${body.source_id}`, holder && { id: holder.id, type: 'product' });
  }
}

/**
 * Create Product's upsert in the caller's transaction (also each item of Update Products in Bulk):
 * the product with `id` (404 when unknown) or `source_id` gets the fields given, else a new one.
 */
export async function upsertProduct(tx: DbOrTx, projectId: string, body: CreateProductRequest, now: Date): Promise<ProductRow> {
  const existing = body.id !== undefined ? await findProduct(tx, projectId, body.id) : body.source_id !== undefined ? await findProduct(tx, projectId, body.source_id) : undefined;
  if (body.id !== undefined && existing?.id !== body.id) throw notFound('product', body.id);
  return existing ? updateProductRow(tx, existing.id, { ...productFieldsOf(body), updatedAt: now }) : insertProduct(tx, { id: newId('prod'), projectId, ...productFieldsOf(body), createdAt: now });
}

export async function getProduct(ctx: ServiceContext, projectId: string, idOrSourceId: string): Promise<Product> {
  const row = await findProduct(ctx.db, projectId, idOrSourceId);
  if (!row) throw notFound('product', idOrSourceId);
  return (await present(ctx.db, [row]))[0];
}

export async function listProducts(ctx: ServiceContext, projectId: string, opts: { limit: number; page: number; order: ProductOrder; start_date?: Date; end_date?: Date }): Promise<ProductList> {
  const { rows, total } = await queryProducts(ctx.db, projectId, opts);
  return { object: 'list', data_ref: 'products', products: await present(ctx.db, rows), total };
}

/** PUT /v1/products/{productId} (id or source id): the fields given replace the stored ones; the rest stay. */
export async function updateProduct(ctx: ServiceContext, projectId: string, ref: string, body: UpdateProductRequest): Promise<Product> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const found = await findProduct(tx, projectId, ref);
    if (!found) throw notFound('product', ref);
    return (await present(tx, [await updateProductRow(tx, found.id, { ...productFieldsOf(body), updatedAt: now })]))[0];
  });
}

/**
 * DELETE /v1/products/{productId}: the product and its SKUs. Refused (400 resource_in_use) while a
 * reward gives the product: a reward's product is what a redemption hands over. Orders keep the
 * product as their lines recorded it.
 */
export async function deleteProduct(ctx: ServiceContext, projectId: string, ref: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const product = await lockProduct(tx, projectId, ref);
    if (!product) throw notFound('product', ref);
    const rewards = await rewardsGivingProduct(tx, product.id);
    if (rewards.length > 0) throw resourceInUse('product', product.id, { ids: rewards, type: 'reward' });
    await deleteProductRow(tx, product.id);
  });
}
