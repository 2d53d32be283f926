import { z } from 'zod';
import { metadataInputSchema } from '../../contract/common';
import { bulkProductSchema, type BulkProduct } from '../../contract/product-bulk';
import { metadataUpdateItemSchema, type MetadataUpdateItem } from '../../contract/customer-bulk';
import { newId } from '../../platform/ids';
import { insertProduct, lockProduct, updateProduct as updateProductRow } from '../db/repositories/products';
import { notFound } from '../lib/api-error';
import type { AsyncActionSteps } from './async-action-step';
import { ItemProblem, itemInSavepoint } from './item-savepoint';
import { productFieldsOf } from './products';

const at = (index: number) => [String(index)];

/**
 * PRODUCTS.BULK_UPDATE: the product with the item's source id (locked) gets the fields given,
 * `null` clearing one; an unknown source id is a new product. 100 items per transaction.
 */
export const productBulkUpdateSteps: AsyncActionSteps<BulkProduct> = {
  perTransaction: 100,
  items: (payload) => z.array(bulkProductSchema).parse(payload),
  apply: (ctx, tx, projectId, product, index, now) =>
    itemInSavepoint(ctx, tx, { sourceId: product.source_id, at: at(index), sourceIndex: 'products_project_source_uq' }, async (savepoint) => {
      const known = await lockProduct(savepoint, projectId, product.source_id);
      if (known) await updateProductRow(savepoint, known.id, { ...productFieldsOf(product), updatedAt: now });
      else await insertProduct(savepoint, { id: newId('prod'), projectId, ...productFieldsOf(product), createdAt: now });
    }),
};

/**
 * PRODUCTS.METADATA_UPDATE: the product (locked, so no key written meanwhile is lost) gets the keys
 * given, its other keys stay; an unknown source id is refused (there is no product to give them).
 */
export const productMetadataUpdateSteps: AsyncActionSteps<MetadataUpdateItem> = {
  perTransaction: 100,
  items: (payload) => z.array(metadataUpdateItemSchema).parse(payload),
  apply: (ctx, tx, projectId, item, index, now) =>
    itemInSavepoint(ctx, tx, { sourceId: item.source_id, at: at(index), sourceIndex: 'products_project_source_uq' }, async (savepoint) => {
      const known = await lockProduct(savepoint, projectId, item.source_id);
      if (!known) throw notFound('product', item.source_id);
      const merged = metadataInputSchema.safeParse({ ...known.metadata, ...item.metadata });
      if (!merged.success) throw new ItemProblem('metadata', `with the keys added, ${merged.error.issues[0]?.message ?? 'is too large'}`);
      await updateProductRow(savepoint, known.id, { metadata: merged.data, updatedAt: now });
    }),
};
