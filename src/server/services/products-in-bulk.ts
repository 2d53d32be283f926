import type { AsyncActionCreated } from '../../contract/order-import';
import type { BulkProduct, ProductsMetadataUpdateRequest } from '../../contract/product-bulk';
import type { MetadataUpdateItem } from '../../contract/customer-bulk';
import type { ServiceContext } from '../context';
import { enqueueAsyncAction } from './enqueue-async-action';

/** POST /v1/products/bulk/async: each product upserted by source id by the job (product-bulk-steps.ts). */
export function updateProductsInBulk(ctx: ServiceContext, projectId: string, products: BulkProduct[], requestId: string): Promise<AsyncActionCreated> {
  return enqueueAsyncAction(ctx, projectId, 'PRODUCTS.BULK_UPDATE', products, requestId);
}

/** POST /v1/products/metadata/async: one item per source id, the same keys for each. */
export function updateProductsMetadataInBulk(ctx: ServiceContext, projectId: string, body: ProductsMetadataUpdateRequest, requestId: string): Promise<AsyncActionCreated> {
  const items: MetadataUpdateItem[] = [...new Set(body.source_ids)].map((sourceId) => ({ source_id: sourceId, metadata: body.metadata }));
  return enqueueAsyncAction(ctx, projectId, 'PRODUCTS.METADATA_UPDATE', items, requestId);
}
