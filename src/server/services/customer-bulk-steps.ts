import { z } from 'zod';
import type { ImportFailure } from '../../contract/async-action';
import { metadataInputSchema } from '../../contract/common';
import { bulkCustomerSchema, metadataUpdateItemSchema, type BulkCustomer, type MetadataUpdateItem } from '../../contract/customer-bulk';
import { formatValidationDetail } from '../../contract/validation-details';
import type { Tx } from '../../platform/db/client';
import { violatedUniqueIndex } from '../../platform/db/errors';
import type { ServiceContext } from '../context';
import { findCustomerBySourceId, lockCustomer } from '../db/repositories/customers';
import { ApiError } from '../lib/api-error';
import type { AsyncActionSteps } from './async-action-step';
import { upsertCustomer } from './customers';

/** A field of one customer that stored data makes wrong (the keys a customer would hold): named in the refusal. */
class CustomerItemProblem extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Why a customer was refused, naming it by its index in the request, in the one format of validation details. */
function refusal(error: unknown, sourceId: string | undefined, index: number): ImportFailure | undefined {
  if (error instanceof CustomerItemProblem) return { source_id: sourceId ?? null, reason: formatValidationDetail({ kind: 'invalid', path: [String(index), error.field], message: error.message }) };
  if (error instanceof ApiError) return { source_id: sourceId ?? null, reason: formatValidationDetail({ kind: 'invalid', path: [String(index)], message: error.details ?? error.message }) };
  return undefined;
}

/**
 * One customer in a savepoint of the item's transaction: a refused one leaves nothing, the action
 * goes on. A parallel request that created the same new source id first makes this one an update.
 */
async function inSavepoint(ctx: ServiceContext, tx: Tx, sourceId: string | undefined, index: number, write: (savepoint: Tx) => Promise<unknown>): Promise<ImportFailure | undefined> {
  for (let attempt = 1; ; attempt++) {
    try {
      await ctx.cardChanges.transaction(tx, write);
      return undefined;
    } catch (error) {
      if (attempt === 1 && violatedUniqueIndex(error) === 'customers_project_source_uq') continue;
      const refused = refusal(error, sourceId, index);
      if (!refused) throw error;
      return refused;
    }
  }
}

/** CUSTOMERS.BULK_UPDATE: each item Create Customer's upsert by source id (a new customer without one). */
export const customerBulkUpdateSteps: AsyncActionSteps<BulkCustomer> = {
  items: (payload) => z.array(bulkCustomerSchema).parse(payload),
  apply: (ctx, tx, projectId, customer, index, now) => inSavepoint(ctx, tx, customer.source_id, index, (savepoint) => upsertCustomer(ctx, savepoint, projectId, customer, now)),
};

/** CUSTOMERS.METADATA_UPDATE: the customer (created when unknown) gets the keys given; its other keys stay. */
export const customerMetadataUpdateSteps: AsyncActionSteps<MetadataUpdateItem> = {
  items: (payload) => z.array(metadataUpdateItemSchema).parse(payload),
  apply: (ctx, tx, projectId, item, index, now) =>
    inSavepoint(ctx, tx, item.source_id, index, async (savepoint) => {
      const known = await findCustomerBySourceId(savepoint, projectId, item.source_id);
      // Locked, so a change between reading its keys and writing them back waits (no key is lost).
      const current = known && (await lockCustomer(savepoint, projectId, known.id));
      const merged = metadataInputSchema.safeParse({ ...(current?.metadata ?? {}), ...item.metadata });
      // The keys added to the customer's own must still be metadata a customer may hold.
      if (!merged.success) throw new CustomerItemProblem('metadata', `with the keys added, ${merged.error.issues[0]?.message ?? 'is too large'}`);
      return upsertCustomer(ctx, savepoint, projectId, { source_id: item.source_id, metadata: merged.data }, now);
    }),
};
