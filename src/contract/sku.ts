import { z } from 'zod';
import { dateBound, limitQuery, metadataInputSchema, metadataSchema, pageQuery } from './common';

/** A product's variant, as /v1/products/{productId}/skus and /v1/skus/{skuId} answer it. */
export const skuSchema = z.object({
  id: z.string(),
  source_id: z.string().nullable(),
  product_id: z.string(),
  sku: z.string().nullable(),
  price: z.number().int().nullable(),
  currency: z.string().nullable(),
  attributes: metadataSchema,
  image_url: z.string().nullable(),
  metadata: metadataSchema,
  created_at: z.string(),
  updated_at: z.string().nullable(),
  object: z.literal('sku'),
});
export type Sku = z.infer<typeof skuSchema>;

const skuFields = {
  sku: z.string().trim().min(1).max(200).nullable().optional(),
  /** Unit price in cents (10000 = $100.00). */
  price: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  /** ISO 4217 code, as the contract's examples give it (USD, PLN). */
  currency: z.string().regex(/^[A-Z]{3}$/, 'should be a three-letter currency code such as USD').nullable().optional(),
  /** The SKU's value of each of the product's attributes. */
  attributes: metadataInputSchema.nullable().optional(),
  image_url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2000).nullable().optional(),
  metadata: metadataInputSchema.nullable().optional(),
};

/** POST /v1/products/{productId}/skus: upsert by `id` or `source_id`, as the real API. */
export const createSkuRequestSchema = z.object({
  id: z.string().min(1).max(200).optional(),
  source_id: z.string().min(1).max(200).optional(),
  ...skuFields,
});
export type CreateSkuRequest = z.infer<typeof createSkuRequestSchema>;

/** PUT /v1/products/{productId}/skus/{skuId}: the fields given replace the stored ones; others are skipped, as the contract says. */
export const updateSkuRequestSchema = z.object(skuFields);
export type UpdateSkuRequest = z.infer<typeof updateSkuRequestSchema>;

export const skuListSchema = z.object({
  object: z.literal('list'),
  data_ref: z.literal('skus'),
  skus: z.array(skuSchema),
  total: z.number().int(),
});
export type SkuList = z.infer<typeof skuListSchema>;

/** `GET /v1/products/{productId}/skus` query: the contract's limit, page, order and creation dates. */
export const skuListQuerySchema = z.object({
  limit: limitQuery,
  page: pageQuery,
  order: z.enum(['created_at', '-created_at', 'updated_at', '-updated_at']).default('created_at'),
  start_date: dateBound.optional(),
  end_date: dateBound.optional(),
});
export type SkuListQuery = z.infer<typeof skuListQuerySchema>;

/** DELETE of a product or a SKU: `force` is accepted; there is no bin, so both remove for good (README). */
export const deleteQuerySchema = z.object({ force: z.enum(['true', 'false']).optional() });
