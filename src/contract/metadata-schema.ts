import { z } from 'zod';

/**
 * Metadata schemas (openapi-customers-catalog MetadataSchemaDeprecated): the definitions of the
 * metadata a resource carries. This service defines one kind, the custom event schemas a project's
 * fixture names (`event_schemas`): each is a custom schema whose `related_object` is the event's name
 * (earning rules name it by its `ms_…` id, `custom_event.schema_id`, as the real API's do).
 */

/** The standard resources of the contract (Get Metadata Schema): none of them is a custom event's name. */
export const standardMetadataResources = [
  'campaign',
  'customer',
  'earning_rule',
  'loyalty_tier',
  'order',
  'order_item',
  'product',
  'promotion_tier',
  'publication',
  'redemption',
  'reward',
  'voucher',
] as const;

export const metadataPropertyTypes = ['string', 'number', 'object', 'date', 'datetime', 'geopoint', 'boolean', 'image_url'] as const;

/** One property's definition; `optional: false` is a property every event of the schema must carry. */
export const metadataSchemaDefinitionSchema = z.object({
  type: z.enum(metadataPropertyTypes),
  array: z.boolean(),
  optional: z.boolean(),
  objectType: z.string().nullable(),
});

export const metadataSchemaSchema = z.object({
  id: z.string(),
  related_object: z.string(),
  properties: z.record(z.string(), metadataSchemaDefinitionSchema),
  allow_defined_only: z.boolean(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
  object: z.literal('metadata_schema'),
});
export type MetadataSchema = z.infer<typeof metadataSchemaSchema>;

/**
 * GET /v1/metadata-schemas. The contract's schema requires `data` and names `data_ref` "data" by
 * default, but enumerates only "schemas" and its example lists them under `schemas` with no `data`:
 * the example wins (the metadata-schemas test checks the example still says so).
 */
export const metadataSchemaListSchema = z.object({
  object: z.literal('list'),
  data_ref: z.literal('schemas'),
  schemas: z.array(metadataSchemaSchema),
  total: z.number().int(),
});
export type MetadataSchemaList = z.infer<typeof metadataSchemaListSchema>;

export const metadataSchemaParamsSchema = z.object({ resource: z.string().min(1).max(300) });
