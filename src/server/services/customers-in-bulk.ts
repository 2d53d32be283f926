import type { BulkCustomer, CustomersMetadataUpdateRequest, MetadataUpdateItem } from '../../contract/customer-bulk';
import type { AsyncActionCreated } from '../../contract/order-import';
import type { ServiceContext } from '../context';
import { enqueueAsyncAction } from './enqueue-async-action';

/** POST /v1/customers/bulk/async: each customer upserted by source id by the job (customer-bulk-steps.ts). */
export function updateCustomersInBulk(ctx: ServiceContext, projectId: string, customers: BulkCustomer[], requestId: string): Promise<AsyncActionCreated> {
  return enqueueAsyncAction(ctx, projectId, 'CUSTOMERS.BULK_UPDATE', customers, requestId);
}

/** POST /v1/customers/metadata/async: one item per source id (each its own transaction), the same keys for each. */
export function updateCustomersMetadataInBulk(ctx: ServiceContext, projectId: string, body: CustomersMetadataUpdateRequest, requestId: string): Promise<AsyncActionCreated> {
  const items: MetadataUpdateItem[] = [...new Set(body.source_ids)].map((sourceId) => ({ source_id: sourceId, metadata: body.metadata }));
  return enqueueAsyncAction(ctx, projectId, 'CUSTOMERS.METADATA_UPDATE', items, requestId);
}
