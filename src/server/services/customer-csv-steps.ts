import { z } from 'zod';
import { createCustomerRequestSchema } from '../../contract/customer';
import type { CustomerCsvRow } from '../domain/customer-csv';
import type { AsyncActionSteps } from './async-action-step';
import { customerInSavepoint } from './customer-bulk-steps';
import { upsertCustomer } from './customers';

const storedRows = z.array(z.object({ line: z.number().int(), customer: createCustomerRequestSchema }));

/**
 * CUSTOMERS.IMPORT_CSV: each row Create Customer's upsert (by id, else source id; a new customer
 * without either) with the customer hooks, in its own savepoint. A refusal names the row's line
 * (`Property .file.<line>`). 200 rows per transaction: a 100,000-row file is 500 commits.
 */
export const customerCsvImportSteps: AsyncActionSteps<CustomerCsvRow> = {
  perTransaction: 200,
  items: (payload) => storedRows.parse(payload),
  apply: (ctx, tx, projectId, row, _index, now) => customerInSavepoint(ctx, tx, row.customer.source_id, ['file', String(row.line)], (savepoint) => upsertCustomer(ctx, savepoint, projectId, row.customer, now)),
};
