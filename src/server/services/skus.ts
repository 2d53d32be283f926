import type { CreateSkuRequest, Sku, SkuList, SkuListQuery, UpdateSkuRequest } from '../../contract/sku';
import type { ServiceContext } from '../context';
import { violatedUniqueIndex } from '../../platform/db/errors';
import { newId } from '../../platform/ids';
import { findProduct } from '../db/repositories/products';
import { deleteSkuRow, findSku, insertSku, skusOfProduct, updateSkuRow, type NewSku, type SkuRow } from '../db/repositories/skus';
import { ApiError, notFound } from '../lib/api-error';
import { presentSku } from '../presenters/sku';

/** The fields of a request that are stored, leaving out what was not given (`null` clears). */
export function skuFieldsOf(body: CreateSkuRequest | UpdateSkuRequest): Partial<NewSku> {
  const fields: Partial<NewSku> = {};
  if ('source_id' in body && body.source_id !== undefined) fields.sourceId = body.source_id;
  if (body.sku !== undefined) fields.sku = body.sku;
  if (body.price !== undefined) fields.price = body.price;
  if (body.currency !== undefined) fields.currency = body.currency;
  if (body.attributes !== undefined) fields.attributes = body.attributes ?? {};
  if (body.metadata !== undefined) fields.metadata = body.metadata ?? {};
  if (body.image_url !== undefined) fields.imageUrl = body.image_url;
  return fields;
}

export const duplicateSkuSourceId = (sourceId: string, holder?: SkuRow) =>
  new ApiError(409, 'duplicate_found', 'Duplicated resource found', `Duplicated sku exists with source_id ${sourceId}`, holder && { id: holder.id, type: 'sku' });

/** The product of the path (id or source id), or 404. */
async function productOf(db: Parameters<typeof findProduct>[0], projectId: string, ref: string) {
  const product = await findProduct(db, projectId, ref);
  if (!product) throw notFound('product', ref);
  return product;
}

/** A SKU of the product of the path, or 404: a SKU of another product is not found under this one. */
async function skuOfProduct(db: Parameters<typeof findSku>[0], projectId: string, productId: string, ref: string): Promise<SkuRow> {
  const sku = await findSku(db, projectId, ref);
  if (!sku || sku.productId !== productId) throw notFound('sku', ref);
  return sku;
}

/**
 * POST /v1/products/{productId}/skus, the real API's upsert: an `id` (which must exist: ids are ours
 * to make) or a known `source_id` updates that SKU with the fields given; otherwise a new one. Source
 * ids are unique in the project: one held by a SKU of another product is 409 `duplicate_found`.
 */
export async function createSku(ctx: ServiceContext, projectId: string, productRef: string, body: CreateSkuRequest, retried = false): Promise<Sku> {
  const now = ctx.clock.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const product = await productOf(tx, projectId, productRef);
      if (body.id !== undefined) return presentSku(await updateSkuRow(tx, (await skuOfProduct(tx, projectId, product.id, body.id)).id, { ...skuFieldsOf(body), updatedAt: now }));
      const existing = body.source_id !== undefined ? await findSku(tx, projectId, body.source_id) : undefined;
      if (existing && existing.productId !== product.id) throw duplicateSkuSourceId(body.source_id as string, existing);
      if (existing) return presentSku(await updateSkuRow(tx, existing.id, { ...skuFieldsOf(body), updatedAt: now }));
      return presentSku(await insertSku(tx, { id: newId('sku'), projectId, productId: product.id, ...skuFieldsOf(body), createdAt: now }));
    });
  } catch (error) {
    if (violatedUniqueIndex(error) !== 'skus_project_source_uq') throw error;
    // A parallel request made the same source_id first: this one then updates it (or finds it taken).
    if (!retried) return createSku(ctx, projectId, productRef, body, true);
    throw duplicateSkuSourceId(body.source_id as string, await findSku(ctx.db, projectId, body.source_id as string));
  }
}

/** GET /v1/skus/{skuId}: by id or source id. */
export async function getSku(ctx: ServiceContext, projectId: string, ref: string): Promise<Sku> {
  const sku = await findSku(ctx.db, projectId, ref);
  if (!sku) throw notFound('sku', ref);
  return presentSku(sku);
}

/** GET /v1/products/{productId}/skus. */
export async function listSkus(ctx: ServiceContext, projectId: string, productRef: string, query: SkuListQuery): Promise<SkuList> {
  const product = await productOf(ctx.db, projectId, productRef);
  const { rows, total } = await skusOfProduct(ctx.db, product.id, query);
  return { object: 'list', data_ref: 'skus', skus: rows.map(presentSku), total };
}

/** PUT /v1/products/{productId}/skus/{skuId}: the fields given replace the stored ones. */
export async function updateSku(ctx: ServiceContext, projectId: string, productRef: string, skuRef: string, body: UpdateSkuRequest): Promise<Sku> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const product = await productOf(tx, projectId, productRef);
    const sku = await skuOfProduct(tx, projectId, product.id, skuRef);
    return presentSku(await updateSkuRow(tx, sku.id, { ...skuFieldsOf(body), updatedAt: now }));
  });
}

/** DELETE /v1/products/{productId}/skus/{skuId}. Orders keep the SKU as their lines recorded it. */
export async function deleteSku(ctx: ServiceContext, projectId: string, productRef: string, skuRef: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const product = await productOf(tx, projectId, productRef);
    await deleteSkuRow(tx, (await skuOfProduct(tx, projectId, product.id, skuRef)).id);
  });
}
