import { z } from 'zod';
import type { ImportFailure } from '../../contract/async-action';
import { metadataInputSchema } from '../../contract/common';
import { bulkCustomerSchema, metadataUpdateItemSchema, type BulkCustomer, type MetadataUpdateItem } from '../../contract/customer-bulk';
import type { Tx } from '../../platform/db/client';
import type { ServiceContext } from '../context';
import { findCustomerBySourceId, lockCustomer } from '../db/repositories/customers';
import type { AsyncActionSteps } from './async-action-step';
import { upsertCustomer } from './customers';
import { ItemProblem, itemInSavepoint } from './item-savepoint';

/** One customer in a savepoint of the item's transaction (item-savepoint.ts), named by `at` when refused. */
export function customerInSavepoint(ctx: ServiceContext, tx: Tx, sourceId: string | undefined, at: string[], write: (savepoint: Tx) => Promise<unknown>): Promise<ImportFailure | undefined> {
  return itemInSavepoint(ctx, tx, { sourceId, at, sourceIndex: 'customers_project_source_uq' }, write);
}

/** CUSTOMERS.BULK_UPDATE: each item Create Customer's upsert by source id (a new customer without one). */
export const customerBulkUpdateSteps: AsyncActionSteps<BulkCustomer> = {
  items: (payload) => z.array(bulkCustomerSchema).parse(payload),
  apply: (ctx, tx, projectId, customer, index, now) => customerInSavepoint(ctx, tx, customer.source_id, [String(index)], (savepoint) => upsertCustomer(ctx, savepoint, projectId, customer, now)),
};

/** CUSTOMERS.METADATA_UPDATE: the customer (created when unknown) gets the keys given; its other keys stay. */
export const customerMetadataUpdateSteps: AsyncActionSteps<MetadataUpdateItem> = {
  items: (payload) => z.array(metadataUpdateItemSchema).parse(payload),
  apply: (ctx, tx, projectId, item, index, now) =>
    customerInSavepoint(ctx, tx, item.source_id, [String(index)], async (savepoint) => {
      const known = await findCustomerBySourceId(savepoint, projectId, item.source_id);
      // Locked, so a change between reading its keys and writing them back waits (no key is lost).
      const current = known && (await lockCustomer(savepoint, projectId, known.id));
      const merged = metadataInputSchema.safeParse({ ...(current?.metadata ?? {}), ...item.metadata });
      // The keys added to the customer's own must still be metadata a customer may hold.
      if (!merged.success) throw new ItemProblem('metadata', `with the keys added, ${merged.error.issues[0]?.message ?? 'is too large'}`);
      return upsertCustomer(ctx, savepoint, projectId, { source_id: item.source_id, metadata: merged.data }, now);
    }),
};
