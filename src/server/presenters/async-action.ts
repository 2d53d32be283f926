import type { AsyncAction, AsyncActionType, ImportFailure } from '../../contract/async-action';
import type { AsyncActionState } from '../db/repositories/async-actions';

const itemsDone: Record<AsyncActionType, string> = {
  'ORDERS.IMPORT': 'order(s) imported',
  'CUSTOMERS.BULK_UPDATE': 'customer(s) updated',
  'CUSTOMERS.METADATA_UPDATE': 'customer(s) updated',
  'CAMPAIGN.DELETE': 'card(s) deleted',
  'CUSTOMERS.IMPORT_CSV': 'customer(s) imported',
  'PRODUCTS.IMPORT_CSV': 'product(s) imported',
  'SKUS.IMPORT_CSV': 'SKU(s) imported',
  'PRODUCTS.BULK_UPDATE': 'product(s) updated',
  'PRODUCTS.METADATA_UPDATE': 'product(s) updated',
};

/** The result's message, in the real API's words ("1 order(s) imported successfully, 1 failed."), and why a FAILED action stopped. */
function messageOf(row: AsyncActionState, failed: number): string {
  const counts = `${row.doneCount} ${itemsDone[row.type]} successfully, ${failed} failed.`;
  if (row.status !== 'FAILED') return counts;
  return `The ${row.type === 'ORDERS.IMPORT' || row.type.endsWith('.IMPORT_CSV') ? 'import' : 'update'} stopped: ${row.errorMessage ?? 'it could not be completed'}. ${counts} ${row.itemCount - row.nextIndex} not processed.`;
}

/** An async action as the real API answers Get Async Action: the result once it ended. */
export function presentAsyncAction(row: AsyncActionState): AsyncAction {
  const ended = row.status === 'DONE' || row.status === 'FAILED';
  const failed = row.failures as unknown as ImportFailure[];
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    ...(ended && { result: { message: messageOf(row, failed.length), failed, done_count: row.doneCount, failed_count: failed.length } }),
    created_at: row.createdAt.toISOString(),
    updated_at: (row.updatedAt ?? row.createdAt).toISOString(),
    request_id: row.requestId,
    progress: row.itemCount === 0 ? (ended ? 100 : 0) : Math.floor((row.nextIndex * 100) / row.itemCount),
    ...(ended && row.processingMs !== null && { processing_time: row.processingMs }),
    object: 'async_action',
  };
}
