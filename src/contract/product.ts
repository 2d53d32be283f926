import { z } from 'zod';
import { dateBound, limitQuery, metadataInputSchema, metadataSchema, pageQuery } from './common';
import { skuSchema } from './sku';

/** Products of the catalog (order lines and MATERIAL rewards name them), with their SKUs (contract/sku.ts). */

/** POST /v1/products. Upsert by `id` or `source_id`, as the real API: a known one updates that product. */
export const createProductRequestSchema = z.object({
  id: z.string().min(1).max(200).optional(),
  source_id: z.string().min(1).max(200).optional(),
  name: z.string().trim().min(1).max(200).optional(),
  /** Unit price in cents (10000 = $100.00). */
  price: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  attributes: z.array(z.string().min(1).max(200)).max(100).optional(),
  metadata: metadataInputSchema.optional(),
  image_url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2000).optional(),
});
export type CreateProductRequest = z.infer<typeof createProductRequestSchema>;

/** PUT /v1/products/{productId}: the fields given replace the stored ones, `null` clears one. */
export const updateProductRequestSchema = z.object({
  name: z.string().trim().min(1).max(200).nullable().optional(),
  price: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  attributes: z.array(z.string().min(1).max(200)).max(100).nullable().optional(),
  metadata: metadataInputSchema.nullable().optional(),
  image_url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2000).nullable().optional(),
});
export type UpdateProductRequest = z.infer<typeof updateProductRequestSchema>;

/** The product's SKUs, oldest first (the first 100; `total` counts them all). */
export const productSkusSchema = z.object({ object: z.literal('list'), data_ref: z.literal('data'), data: z.array(skuSchema), total: z.number().int() });

export const productSchema = z.object({
  id: z.string(),
  source_id: z.string().nullable(),
  name: z.string().nullable(),
  price: z.number().int().nullable(),
  attributes: z.array(z.string()),
  metadata: metadataSchema,
  image_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
  object: z.literal('product'),
  skus: productSkusSchema,
});
export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.object({
  object: z.literal('list'),
  data_ref: z.literal('products'),
  products: z.array(productSchema),
  total: z.number().int(),
});
export type ProductList = z.infer<typeof productListSchema>;

/** `GET /v1/products` query. */
export const productListQuerySchema = z.object({
  limit: limitQuery,
  page: pageQuery,
  order: z.enum(['created_at', '-created_at', 'updated_at', '-updated_at']).default('-created_at'),
  /** Products created at or after this instant (or day). */
  start_date: dateBound.optional(),
  /** Products created at or before this instant (or day). */
  end_date: dateBound.optional(),
});
