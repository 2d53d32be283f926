import { z } from 'zod';
import { customerLookupLimit, staticSegmentLimit } from './segment-limits';
import { segmentFilterSchema } from './segment-filter';

export * from './segment-filter';
export * from './segment-limits';

export const segmentTypes = ['static', 'auto-update', 'passive'] as const;
export type SegmentType = (typeof segmentTypes)[number];

const name = z.string().trim().min(1).max(200);

export const staticSegmentRequestSchema = z.object({
  name,
  // `type` defaults to `static`, as in the real schema; the union below picks this branch without it.
  type: z.literal('static').default('static'),
  customers: z
    .array(z.string().min(1).max(200))
    .min(1, 'a static segment needs at least one customer id')
    .max(staticSegmentLimit, `a static segment holds at most ${staticSegmentLimit.toLocaleString('en-US')} customers`),
});

export const dynamicSegmentRequestSchema = z.object({
  name,
  type: z.enum(['auto-update', 'passive']),
  filter: segmentFilterSchema,
});

/**
 * POST /v1/segments (api-facts §10): the static or the filter variant, told apart by `type`
 * (`static` when absent). A default rather than a rewrite of the body, so /openapi.json shows
 * `type` as optional, which it is.
 */
export const createSegmentRequestSchema = z.discriminatedUnion('type', [staticSegmentRequestSchema, dynamicSegmentRequestSchema], {
  error: "type must be 'static', 'auto-update' or 'passive'",
});
export type CreateSegmentRequest = z.infer<typeof createSegmentRequestSchema>;

/** The segment object (SERVICE_SPEC §2.11). */
export const segmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  updated_at: z.string().optional(),
  type: z.enum(segmentTypes),
  filter: z.record(z.string(), z.unknown()).nullable(),
  /** Membership is computed in the request that creates the segment, so it is always DONE. */
  initial_sync_status: z.literal('DONE'),
  object: z.literal('segment'),
});
export type Segment = z.infer<typeof segmentSchema>;

/** POST /v1/segments/preview (our extension): how many customers a filter matches now. */
export const segmentPreviewRequestSchema = z.object({ filter: segmentFilterSchema });
export const segmentPreviewSchema = z.object({ object: z.literal('segment_preview'), total: z.number().int() });
export type SegmentPreview = z.infer<typeof segmentPreviewSchema>;

/** GET /v1/customers/{customerId}/segments (List Customer's Segments): the segments a customer is in. */
export const customerSegmentListSchema = z.object({
  object: z.literal('list'),
  data_ref: z.literal('data'),
  data: z.array(z.object({ id: z.string(), name: z.string(), object: z.literal('segment') })),
  total: z.number().int(),
});
export type CustomerSegmentList = z.infer<typeof customerSegmentListSchema>;

/** GET /v1/segments (our extension): the project's segments, newest first, each with how many customers it holds. */
export const segmentListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export const segmentListItemSchema = segmentSchema.extend({ size: z.number().int() });
export const segmentListSchema = z.object({
  object: z.literal('list'),
  data_ref: z.literal('data'),
  data: z.array(segmentListItemSchema),
  total: z.number().int(),
});
export type SegmentList = z.infer<typeof segmentListSchema>;

/**
 * POST /v1/customers/lookup (our extension): the customers a list names, each reference a customer
 * id (`cust_…`) or a source id (the id in a marketer's spreadsheet), as Add Member reads them; in
 * one request up to twice a static segment's limit (room for a header line and typos).
 */
export const customerLookupRequestSchema = z.object({
  references: z.array(z.string().min(1).max(200)).min(1).max(customerLookupLimit, `at most ${customerLookupLimit.toLocaleString('en-US')} references`),
});
export const customerLookupSchema = z.object({
  object: z.literal('customer_lookup'),
  /** The references found, in request order, distinct, with the customer id each names. */
  found: z.array(z.object({ reference: z.string(), id: z.string() })),
  /** The references that name no customer of the project, in request order, distinct. */
  unknown: z.array(z.string()),
});
export type CustomerLookup = z.infer<typeof customerLookupSchema>;
