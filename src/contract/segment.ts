import { z } from 'zod';
import { staticSegmentLimit } from './segment-limits';
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
