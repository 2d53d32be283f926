import { z } from 'zod';

/**
 * Pending points (openapi-loyalty-rest LoyaltyPendingPoints): points an order-paid rule holds back
 * until `activates_at` (a rule's `pending_points`), then adds to the card; an order canceled
 * before then cancels them.
 */

export const pendingPointsSchema = z.object({
  id: z.string(),
  voucher_id: z.string(),
  campaign_id: z.string(),
  customer_id: z.string(),
  order_id: z.string().nullable(),
  points: z.number().int(),
  /** The day (UTC) they activate. */
  activates_at: z.string(),
  details: z.object({
    event: z.object({ id: z.string(), type: z.literal('customer.order.paid'), entity_id: z.string(), created_at: z.string(), category: z.literal('EFFECT') }).optional(),
    earning_rule: z.object({ id: z.string(), source: z.object({ banner: z.string() }) }).optional(),
    order: z.object({ id: z.string(), source_id: z.string().nullable() }).optional(),
    /** The tier the member was in when the order earned them. */
    holder_loyalty_tier: z.object({ id: z.string(), name: z.string() }).optional(),
  }),
  created_at: z.string(),
  updated_at: z.string().nullable(),
});
export type PendingPoints = z.infer<typeof pendingPointsSchema>;

export const pendingPointsListSchema = z.object({
  object: z.literal('list'),
  data_ref: z.literal('data'),
  data: z.array(pendingPointsSchema),
  total: z.number().int(),
  has_more: z.boolean(),
  more_starting_after: z.string().optional(),
});
export type PendingPointsList = z.infer<typeof pendingPointsListSchema>;

/** The list queries: `limit`, `order` by id, and `starting_after_id` as the cursor. */
export const pendingPointsListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  order: z.enum(['id', '-id']).default('id'),
  starting_after_id: z.string().min(1).max(200).optional(),
});
export type PendingPointsListQuery = z.infer<typeof pendingPointsListQuerySchema>;

/** POST …/pending-points/{id}/balance: pending points added (positive) or taken off (negative). */
export const adjustPendingPointsRequestSchema = z.object({
  points: z
    .number()
    .int()
    .min(-1_000_000_000_000)
    .max(1_000_000_000_000)
    .refine((p) => p !== 0, 'must not be 0'),
});

export const pendingPointsAdjustedSchema = z.object({
  points: z.number().int(),
  /** Pending points now on the card. */
  total: z.number().int(),
  object: z.literal('balance'),
  related_object: z.object({ type: z.literal('voucher'), id: z.string() }),
  operation_type: z.literal('MANUAL'),
});

export const pendingPointsActivatedSchema = pendingPointsAdjustedSchema.extend({
  /** The card's balance after the points were added. */
  balance: z.number().int(),
  type: z.literal('loyalty_card'),
});

/** POST …/cancel: an optional reason, kept in the card's history (an extension; the real API takes no body). */
export const cancelPendingPointsRequestSchema = z.object({ reason: z.string().max(1000).optional() }).nullish();
