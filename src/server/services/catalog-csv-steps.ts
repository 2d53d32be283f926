import { z } from 'zod';
import { findProduct, insertProduct, updateProduct as updateProductRow } from '../db/repositories/products';
import { findSku, insertSku, updateSkuRow } from '../db/repositories/skus';
import { productCsvRowSchema, type ProductCsvRow } from '../domain/product-csv';
import { skuCsvRowSchema, type SkuCsvRow } from '../domain/sku-csv';
import { newId } from '../../platform/ids';
import { notFound } from '../lib/api-error';
import type { AsyncActionSteps } from './async-action-step';
import { ItemProblem, itemInSavepoint } from './item-savepoint';
import { productFieldsOf } from './products';
import { duplicateSkuSourceId, skuFieldsOf } from './skus';

/**
 * PRODUCTS.IMPORT_CSV: a row whose source id names a product renames it ("No other data can be
 * updated other than the product name", the contract); any other row is a new product with all
 * its columns. 200 rows per transaction, each in its own savepoint.
 */
export const productCsvImportSteps: AsyncActionSteps<ProductCsvRow> = {
  perTransaction: 200,
  items: (payload) => z.array(productCsvRowSchema).parse(payload),
  apply: (ctx, tx, projectId, { line, product }, _index, now) =>
    itemInSavepoint(ctx, tx, { sourceId: product.source_id, at: ['file', String(line)], sourceIndex: 'products_project_source_uq' }, async (savepoint) => {
      const known = product.source_id !== undefined ? await findProduct(savepoint, projectId, product.source_id) : undefined;
      if (known) await updateProductRow(savepoint, known.id, { name: product.name, updatedAt: now });
      else await insertProduct(savepoint, { id: newId('prod'), projectId, ...productFieldsOf(product), createdAt: now });
    }),
};

/**
 * SKUS.IMPORT_CSV: each row's product (id or source id) must exist and its attributes be the
 * product's; a known source id updates that SKU's `sku` and `price` (what the contract lets an
 * import change) when it is of the same product, and is refused when another product holds it;
 * any other row is a new SKU with all its columns.
 */
export const skuCsvImportSteps: AsyncActionSteps<SkuCsvRow> = {
  perTransaction: 200,
  items: (payload) => z.array(skuCsvRowSchema).parse(payload),
  apply: (ctx, tx, projectId, { line, product_id: productRef, sku }, _index, now) =>
    itemInSavepoint(ctx, tx, { sourceId: sku.source_id, at: ['file', String(line)], sourceIndex: 'skus_project_source_uq' }, async (savepoint) => {
      const product = await findProduct(savepoint, projectId, productRef);
      if (!product) throw notFound('product', productRef);
      const unknown = Object.keys(sku.attributes ?? {}).filter((name) => !product.attributes.includes(name));
      if (unknown.length > 0) throw new ItemProblem('attributes', `the product ${productRef} has no attribute ${unknown.join(', ')}: add it to the product first`);
      const known = await findSku(savepoint, projectId, sku.source_id);
      if (known && known.productId !== product.id) throw duplicateSkuSourceId(sku.source_id, known);
      if (known) await updateSkuRow(savepoint, known.id, { ...(sku.sku !== undefined && { sku: sku.sku }), ...(sku.price !== undefined && { price: sku.price }), updatedAt: now });
      else await insertSku(savepoint, { id: newId('sku'), projectId, productId: product.id, ...skuFieldsOf(sku), createdAt: now });
    }),
};
