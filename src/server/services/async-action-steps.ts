import type { AsyncActionType } from '../../contract/async-action';
import type { AsyncActionSteps } from './async-action-step';
import { customerBulkUpdateSteps, customerMetadataUpdateSteps } from './customer-bulk-steps';
import { orderImportSteps } from './order-import-step';

// Each kind's items are its own: the stored payload is read back by the same kind that wrote it.
const steps = {
  'ORDERS.IMPORT': orderImportSteps,
  'CUSTOMERS.BULK_UPDATE': customerBulkUpdateSteps,
  'CUSTOMERS.METADATA_UPDATE': customerMetadataUpdateSteps,
} as unknown as Record<AsyncActionType, AsyncActionSteps>;

/** The steps of an action's type (run-async-action.ts). */
export function stepsOf(type: AsyncActionType): AsyncActionSteps {
  return steps[type];
}
