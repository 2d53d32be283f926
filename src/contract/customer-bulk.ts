import { z } from 'zod';
import { metadataInputSchema } from './common';
import { createCustomerRequestSchema } from './customer';

/**
 * POST /v1/customers/bulk/async and /v1/customers/metadata/async (openapi-customers-catalog): many
 * customers updated by a job, each upserted by source id (created when unknown, as the contract
 * says); answered at once with the async action to poll. The contract bounds a request at 10 MB;
 * this service also bounds the customers in one request.
 */
export const maxBulkCustomers = 10_000;

/** One customer of a bulk update: Create Customer's fields without `id` (the contract's CustomerSourceId + CustomerBase). */
export const bulkCustomerSchema = createCustomerRequestSchema.omit({ id: true });
export type BulkCustomer = z.infer<typeof bulkCustomerSchema>;

export const customersBulkUpdateRequestSchema = z
  .array(bulkCustomerSchema, { error: 'must be an array of customers' })
  .min(1, 'must name at least one customer')
  .superRefine((customers, ctx) => {
    if (customers.length > maxBulkCustomers) ctx.addIssue({ code: 'custom', path: [maxBulkCustomers], message: `at most ${maxBulkCustomers} customers in one request, not ${customers.length}` });
  })
  .meta({ maxItems: maxBulkCustomers });

/** Every customer named gets the metadata's keys (their other keys stay). */
export const customersMetadataUpdateRequestSchema = z.strictObject({
  source_ids: z.array(z.string().trim().min(1).max(200)).min(1).max(maxBulkCustomers),
  metadata: metadataInputSchema,
});
export type CustomersMetadataUpdateRequest = z.infer<typeof customersMetadataUpdateRequestSchema>;

/** A stored item of CUSTOMERS.METADATA_UPDATE: one customer and the keys it gets. */
export const metadataUpdateItemSchema = z.object({ source_id: z.string(), metadata: z.record(z.string(), z.unknown()) });
export type MetadataUpdateItem = z.infer<typeof metadataUpdateItemSchema>;
