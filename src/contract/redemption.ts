import { z } from 'zod';
import { metadataInputSchema, metadataSchema } from './common';
import { loyaltyMemberSchema } from './loyalty-member';
import { productSchema } from './product';
import { rewardParametersResponseSchema, rewardTypes } from './reward';

/**
 * POST /v1/loyalties/[{campaignId}/]members/{memberId}/redemption: points of a card exchanged for
 * a reward assigned to its program (openapi-spend LoyaltiesMembersRedemptionRedeem*).
 */

const amount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** Item quantities are integers in the schema and strings in its example; the example wins, both are taken. */
const quantity = z.union([z.number().int().min(1).max(1_000_000), z.string().trim().regex(/^\d+$/, 'must be a whole number').transform(Number).pipe(z.number().int().min(1).max(1_000_000))]);

export const orderItemInputSchema = z.object({
  product_id: z.string().min(1).max(200).optional(),
  sku_id: z.string().min(1).max(200).optional(),
  source_id: z.string().min(1).max(200).optional(),
  related_object: z.enum(['product', 'sku']).optional(),
  quantity: quantity.optional(),
  /** Unit price in cents. */
  price: amount.optional(),
  /** Line amount in cents (price × quantity when left out). */
  amount: amount.optional(),
  product: z.object({ id: z.string().max(200).optional(), source_id: z.string().max(200).optional(), name: z.string().max(200).optional(), price: amount.optional(), metadata: metadataInputSchema.optional() }).optional(),
  metadata: metadataInputSchema.optional(),
});

export const orderInputSchema = z.object({
  id: z.string().min(1).max(200).optional(),
  source_id: z.string().min(1).max(200).nullable().optional(),
  status: z.enum(['CREATED', 'PAID', 'CANCELED', 'FULFILLED']).optional(),
  /** Order amount in cents; when left out, the sum of the items' amounts. */
  amount: amount.optional(),
  items: z.array(orderItemInputSchema).max(500).optional(),
  metadata: metadataInputSchema.optional(),
});
export type OrderInput = z.infer<typeof orderInputSchema>;

/** `reward` is checked by the service, which answers 400 `missing_reward` as the real API. */
export const redeemRewardRequestSchema = z.object({
  reward: z
    .object({
      id: z.string().min(1).max(200).optional(),
      /** Pay with points only: how many points to spend (default: as many as the order needs, up to the balance). */
      points: z.number().int().min(1).max(1_000_000_000_000).optional(),
    })
    .optional(),
  order: orderInputSchema.optional(),
  metadata: metadataInputSchema.optional(),
});
export type RedeemRewardRequest = z.infer<typeof redeemRewardRequestSchema>;

export const orderItemSchema = z.object({
  object: z.literal('order_item'),
  product_id: z.string().optional(),
  sku_id: z.string().optional(),
  source_id: z.string().optional(),
  quantity: z.number().int().optional(),
  price: z.number().int().optional(),
  amount: z.number().int().optional(),
  subtotal_amount: z.number().int().optional(),
  product: z.object({ id: z.string().optional(), source_id: z.string().optional(), name: z.string().optional(), price: z.number().int().optional() }).optional(),
  metadata: metadataSchema.optional(),
});

export const orderSchema = z.object({
  id: z.string(),
  source_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
  status: z.enum(['CREATED', 'PAID', 'CANCELED', 'FULFILLED']),
  amount: z.number().int(),
  discount_amount: z.number().int(),
  total_discount_amount: z.number().int(),
  total_amount: z.number().int(),
  applied_discount_amount: z.number().int(),
  total_applied_discount_amount: z.number().int(),
  items: z.array(orderItemSchema),
  metadata: metadataSchema,
  customer: z.object({ id: z.string(), object: z.literal('customer') }),
  customer_id: z.string(),
  referrer_id: z.null(),
  object: z.literal('order'),
  redemptions: z.record(
    z.string(),
    z.object({ date: z.string(), related_object_type: z.literal('voucher'), related_object_id: z.string(), related_object_parent_id: z.string() }),
  ),
});
export type Order = z.infer<typeof orderSchema>;

const simpleCustomerSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  email: z.string().optional(),
  source_id: z.string().optional(),
  metadata: metadataSchema,
  object: z.literal('customer'),
});

/** The reward as redeemed, with what it gave: the card points were added to, or the product. */
export const redeemedRewardSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(rewardTypes),
  object: z.literal('reward'),
  parameters: rewardParametersResponseSchema,
  created_at: z.string(),
  updated_at: z.string().nullable(),
  customer: simpleCustomerSchema,
  assignment_id: z.string(),
  /** CAMPAIGN: the member's card in the target program, after the points were added. */
  voucher: loyaltyMemberSchema.nullable(),
  /** MATERIAL: the product given. */
  product: productSchema.omit({ skus: true }).nullable(),
  sku: z.null(),
  loyalty_tier_id: z.null(),
});

export const redemptionSchema = z.object({
  id: z.string(),
  object: z.literal('redemption'),
  date: z.string(),
  customer_id: z.string(),
  tracking_id: z.string().nullable(),
  metadata: metadataSchema.nullable(),
  /** Points spent. */
  amount: z.number().int(),
  redemption: z.null(),
  result: z.literal('SUCCESS'),
  status: z.literal('SUCCEEDED'),
  order: orderSchema.nullable(),
  channel: z.object({ channel_id: z.string(), channel_type: z.literal('API') }),
  customer: simpleCustomerSchema,
  related_object_type: z.literal('voucher'),
  related_object_id: z.string(),
  voucher: loyaltyMemberSchema.extend({ holder: simpleCustomerSchema }),
  reward: redeemedRewardSchema,
  loyalty_card: z.object({ points: z.number().int() }),
});
export type Redemption = z.infer<typeof redemptionSchema>;
