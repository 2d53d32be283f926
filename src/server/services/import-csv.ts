import type { AsyncActionCreated } from '../../contract/order-import';
import type { ServiceContext } from '../context';
import { customersFromCsv } from '../domain/customer-csv';
import { productsFromCsv } from '../domain/product-csv';
import { skusFromCsv } from '../domain/sku-csv';
import { enqueueAsyncAction } from './enqueue-async-action';

/**
 * The CSV imports: the whole file is read and every row checked with the JSON operation's rules
 * before anything is recorded (a bad row is a 400 naming its line and column, and no action is
 * made); the rows are then one async action, carried out by its job (customer-csv-steps.ts,
 * catalog-csv-steps.ts), where a row that stored data refuses (an unknown product, a source id
 * another product holds) is reported in the result and the others are written.
 */
export function importCustomersCsv(ctx: ServiceContext, projectId: string, csv: string, requestId: string): Promise<AsyncActionCreated> {
  return enqueueAsyncAction(ctx, projectId, 'CUSTOMERS.IMPORT_CSV', customersFromCsv(csv), requestId);
}

export function importProductsCsv(ctx: ServiceContext, projectId: string, csv: string, requestId: string): Promise<AsyncActionCreated> {
  return enqueueAsyncAction(ctx, projectId, 'PRODUCTS.IMPORT_CSV', productsFromCsv(csv), requestId);
}

export function importSkusCsv(ctx: ServiceContext, projectId: string, csv: string, requestId: string): Promise<AsyncActionCreated> {
  return enqueueAsyncAction(ctx, projectId, 'SKUS.IMPORT_CSV', skusFromCsv(csv), requestId);
}
