import { z } from 'zod';
import { metadataInputSchema } from './common';
import { updateProductRequestSchema } from './product';

/**
 * POST /v1/products/bulk/async and /v1/products/metadata/async (openapi-customers-catalog): many
 * products updated by a job, answered at once with the async action to poll (202). The contract
 * bounds a request at 10 MB; this service also bounds the products in one request.
 */
export const maxBulkProducts = 10_000;

/**
 * One product of a bulk update: named by its `source_id` (required here: an item without one could
 * name no product, and a retried request would make its new products twice), created when
 * unknown; the other fields as Update Product takes them (`null` clears one).
 */
export const bulkProductSchema = updateProductRequestSchema.extend({ source_id: z.string().trim().min(1).max(200) }).strict();
export type BulkProduct = z.infer<typeof bulkProductSchema>;

export const productsBulkUpdateRequestSchema = z
  .array(bulkProductSchema, { error: 'must be an array of products' })
  .min(1, 'must name at least one product')
  .superRefine((products, ctx) => {
    if (products.length > maxBulkProducts) ctx.addIssue({ code: 'custom', path: [maxBulkProducts], message: `at most ${maxBulkProducts} products in one request, not ${products.length}` });
  })
  .meta({ maxItems: maxBulkProducts });

/** Every product named gets the metadata's keys (its other keys stay). */
export const productsMetadataUpdateRequestSchema = z.strictObject({
  source_ids: z.array(z.string().trim().min(1).max(200)).min(1).max(maxBulkProducts),
  metadata: metadataInputSchema,
});
export type ProductsMetadataUpdateRequest = z.infer<typeof productsMetadataUpdateRequestSchema>;
