import { z } from 'zod';
import { createCustomerRequestSchema } from '../../contract/customer';
import { newId } from '../../platform/ids';
import { profileOf, upsertCustomersBySourceId, type SourceIdUpsert } from '../db/repositories/customers';
import type { CustomerCsvRow } from '../domain/customer-csv';
import type { AsyncActionSteps } from './async-action-step';
import { customerInSavepoint } from './customer-bulk-steps';
import { afterCustomersChange } from './customer-change-hooks';
import { upsertCustomer } from './customers';

const storedRows = z.array(z.object({ line: z.number().int(), customer: createCustomerRequestSchema }));

/**
 * CUSTOMERS.IMPORT_CSV: each row Create Customer's upsert (by id, else source id; a new customer
 * without either) with the customer hooks. A refusal names the row's line (`Property .file.<line>`).
 * 200 rows per transaction: a 100,000-row file is 500 commits.
 */
export const customerCsvImportSteps: AsyncActionSteps<CustomerCsvRow> = {
  perTransaction: 200,
  items: (payload) => storedRows.parse(payload),
  /**
   * The common case at once: rows that each name a customer by source id alone (no `id`, none twice)
   * cannot be refused by stored data, so they are upserted by one statement per set of columns
   * given (upsertBySourceIdSql, as Add Member's), then the customer hooks run once for the batch. Any
   * other batch goes row by row (`apply`).
   */
  applyAll: async (ctx, tx, projectId, rows, _first, now) => {
    const sourceIds = new Set(rows.map((row) => row.customer.source_id));
    if (sourceIds.size !== rows.length || rows.some((row) => row.customer.id !== undefined || row.customer.source_id === undefined)) return undefined;
    const groups = new Map<string, SourceIdUpsert[]>();
    for (const { customer } of rows) {
      const profile = profileOf(customer);
      const key = Object.keys(profile).sort().join(',');
      groups.set(key, [...(groups.get(key) ?? []), { id: newId('cust'), sourceId: customer.source_id as string, profile, now }]);
    }
    for (const group of groups.values()) await afterCustomersChange(ctx, tx, projectId, await upsertCustomersBySourceId(tx, projectId, group));
    return [];
  },
  apply: (ctx, tx, projectId, row, _index, now) => customerInSavepoint(ctx, tx, row.customer.source_id, ['file', String(row.line)], (savepoint) => upsertCustomer(ctx, savepoint, projectId, row.customer, now)),
};
