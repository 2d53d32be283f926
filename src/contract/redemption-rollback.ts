import { z } from 'zod';
import { metadataInputSchema, metadataSchema } from './common';
import { orderSchema, redemptionSchema } from './redemption';

/**
 * GET /v1/redemptions/{redemptionId} and POST /v1/redemptions/{redemptionId}/rollback for reward
 * redemptions of loyalty cards (openapi-loyalty-rest RedemptionsGetResponseBody,
 * RedemptionsRollbackCreate*).
 */

/** A rollback's reason, as long as a card transaction's (the POINTS_REFUND carries it). */
const reason = z.string().trim().min(1).max(1000);

/**
 * `reason` and `tracking_id` are the contract's query parameters; its body schema repeats them,
 * and either place is taken (the query wins when both are given).
 */
export const rollbackRedemptionQuerySchema = z.object({
  reason: reason.optional(),
  tracking_id: z.string().min(1).max(200).optional(),
});
export type RollbackRedemptionQuery = z.infer<typeof rollbackRedemptionQuerySchema>;

/**
 * The body: `metadata` is the rollback's own. `customer` and `order` (the original customer and
 * order, to update them) are accepted as objects and not changed here: a loyalty reward
 * redemption names its holder and, paying with points, an order of its own.
 */
export const rollbackRedemptionRequestSchema = z
  .object({
    reason: reason.nullable().optional(),
    tracking_id: z.string().min(1).max(200).nullable().optional(),
    customer: z.record(z.string(), z.unknown()).optional(),
    order: z.record(z.string(), z.unknown()).optional(),
    metadata: metadataInputSchema.nullable().optional(),
  })
  .strict();
export type RollbackRedemptionRequest = z.infer<typeof rollbackRedemptionRequestSchema>;

/** The order a pay-with-points redemption paid, canceled by the rollback, which its entry names. */
const rolledBackOrderSchema = orderSchema.extend({
  status: z.enum(['CREATED', 'PAID', 'CANCELED', 'FULFILLED']),
  redemptions: z.record(
    z.string(),
    z.object({
      date: z.string(),
      rollback_id: z.string().optional(),
      rollback_date: z.string().optional(),
      related_object_type: z.literal('voucher'),
      related_object_id: z.string(),
      related_object_parent_id: z.string(),
    }),
  ),
});

export const redemptionRollbackSchema = z.object({
  id: z.string(),
  object: z.literal('redemption_rollback'),
  date: z.string(),
  customer_id: z.string(),
  tracking_id: z.string().nullable(),
  metadata: metadataSchema.nullable(),
  /** The points returned to the card, negative as the contract has it. */
  amount: z.number().int(),
  /** The redemption rolled back. */
  redemption: z.string(),
  reason: z.string().nullable(),
  result: z.literal('SUCCESS'),
  status: z.literal('SUCCEEDED'),
  order: rolledBackOrderSchema.nullable(),
  channel: z.object({ channel_id: z.string(), channel_type: z.enum(['API', 'USER']) }),
  customer: redemptionSchema.shape.customer,
  related_object_type: z.literal('voucher'),
  related_object_id: z.string(),
  voucher: redemptionSchema.shape.voucher,
  reward: redemptionSchema.shape.reward,
  loyalty_card: z.object({ points: z.number().int() }),
});
export type RedemptionRollback = z.infer<typeof redemptionRollbackSchema>;

/** A redemption as GET answers it: the redemption (its order showing the rollback, if any) or a rollback. */
export const storedRedemptionSchema = z.union([redemptionSchema.extend({ order: rolledBackOrderSchema.nullable() }), redemptionRollbackSchema]);
export type StoredRedemption = z.infer<typeof storedRedemptionSchema>;
