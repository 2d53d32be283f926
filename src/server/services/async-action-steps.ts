import type { AsyncActionType } from '../../contract/async-action';
import type { AsyncActionSteps } from './async-action-step';
import { productCsvImportSteps, skuCsvImportSteps } from './catalog-csv-steps';
import { customerBulkUpdateSteps, customerMetadataUpdateSteps } from './customer-bulk-steps';
import { customerCsvImportSteps } from './customer-csv-steps';
import { orderImportSteps } from './order-import-step';
import { productBulkUpdateSteps, productMetadataUpdateSteps } from './product-bulk-steps';

// Each kind's items are its own: the stored payload is read back by the same kind that wrote it.
// `satisfies`: a type without steps does not compile. CAMPAIGN.DELETE has none: it is never queued, its request
// carries it out and records it DONE (delete-loyalty-program.ts).
const steps = {
  'ORDERS.IMPORT': orderImportSteps,
  'CUSTOMERS.BULK_UPDATE': customerBulkUpdateSteps,
  'CUSTOMERS.METADATA_UPDATE': customerMetadataUpdateSteps,
  'CUSTOMERS.IMPORT_CSV': customerCsvImportSteps,
  'PRODUCTS.IMPORT_CSV': productCsvImportSteps,
  'SKUS.IMPORT_CSV': skuCsvImportSteps,
  'PRODUCTS.BULK_UPDATE': productBulkUpdateSteps,
  'PRODUCTS.METADATA_UPDATE': productMetadataUpdateSteps,
} satisfies Record<Exclude<AsyncActionType, 'CAMPAIGN.DELETE'>, unknown> as unknown as Record<AsyncActionType, AsyncActionSteps>;

/** The steps of an action's type (run-async-action.ts). */
export function stepsOf(type: AsyncActionType): AsyncActionSteps {
  return steps[type];
}
