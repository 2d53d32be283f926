import type { CreateProductRequest, Product, ProductList } from '../../contract/product';
import type { ServiceContext } from '../context';
import { violatedUniqueIndex } from '../../platform/db/errors';
import { newId } from '../../platform/ids';
import { findProduct, insertProduct, listProducts as queryProducts, updateProduct, type NewProduct, type ProductOrder } from '../db/repositories/products';
import { ApiError, notFound } from '../lib/api-error';
import { presentProduct } from '../presenters/product';

/** The fields of a create request that are stored, leaving out what was not given. */
function fieldsOf(body: CreateProductRequest): Partial<NewProduct> {
  const fields: Partial<NewProduct> = {};
  if (body.source_id !== undefined) fields.sourceId = body.source_id;
  if (body.name !== undefined) fields.name = body.name;
  if (body.price !== undefined) fields.price = body.price;
  if (body.attributes !== undefined) fields.attributes = body.attributes;
  if (body.metadata !== undefined) fields.metadata = body.metadata;
  if (body.image_url !== undefined) fields.imageUrl = body.image_url;
  return fields;
}

/**
 * POST /v1/products, in the real API's upsert mode: the product with the given `id` (which must
 * exist: ids are ours to make) or `source_id` is updated with the fields given; otherwise a new one
 * is made.
 */
export async function createProduct(ctx: ServiceContext, projectId: string, body: CreateProductRequest, retried = false): Promise<Product> {
  const now = ctx.clock.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const existing = body.id !== undefined ? await findProduct(tx, projectId, body.id) : body.source_id !== undefined ? await findProduct(tx, projectId, body.source_id) : undefined;
      if (body.id !== undefined && existing?.id !== body.id) throw notFound('product', body.id);
      if (existing) return presentProduct(await updateProduct(tx, existing.id, { ...fieldsOf(body), updatedAt: now }));
      return presentProduct(await insertProduct(tx, { id: newId('prod'), projectId, ...fieldsOf(body), createdAt: now }));
    });
  } catch (error) {
    if (violatedUniqueIndex(error) !== 'products_project_source_uq') throw error;
    // A parallel request made the same source_id first: this one updates it. Twice means the
    // product named by `id` asks for the source_id another product holds.
    if (!retried) return createProduct(ctx, projectId, body, true);
    const holder = await findProduct(ctx.db, projectId, body.source_id as string);
    throw new ApiError(409, 'duplicate_found', 'Duplicated resource found', `Duplicated product exists with source_id ${body.source_id}`, holder && { id: holder.id, type: 'product' });
  }
}

export async function getProduct(ctx: ServiceContext, projectId: string, idOrSourceId: string): Promise<Product> {
  const row = await findProduct(ctx.db, projectId, idOrSourceId);
  if (!row) throw notFound('product', idOrSourceId);
  return presentProduct(row);
}

export async function listProducts(ctx: ServiceContext, projectId: string, opts: { limit: number; page: number; order: ProductOrder; start_date?: Date; end_date?: Date }): Promise<ProductList> {
  const { rows, total } = await queryProducts(ctx.db, projectId, opts);
  return { object: 'list', data_ref: 'products', products: rows.map(presentProduct), total };
}
