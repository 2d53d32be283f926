import { z } from 'zod';
import { limitQuery, metadataInputSchema, metadataSchema, pageQuery } from './common';

/**
 * Rewards (openapi-spend Reward, RewardsCreateRequestBody): what a loyalty member can get for
 * points. Three kinds are supported:
 * - MATERIAL: a product of this project, with a `stock` that counts down (null = unlimited);
 * - COIN ("pay with points"): `points_ratio` points are worth `exchange_ratio` of the currency
 *   (100 points = 20.00 is `{points_ratio: 100, exchange_ratio: 20}`), taken off an order;
 * - CAMPAIGN with one of this project's loyalty programs as the target: `balance` points are added
 *   to the member's card in that program. Discount-coupon and gift-card campaigns are not supported.
 */

export const rewardTypes = ['CAMPAIGN', 'COIN', 'MATERIAL'] as const;
export type RewardType = (typeof rewardTypes)[number];

const maxPoints = 1_000_000_000_000;

/**
 * The create schema types the ratios as strings and the examples send numbers; the examples win,
 * and a numeric string is taken too.
 */
const numeric = (schema: z.ZodNumber) => z.union([schema, z.string().trim().regex(/^\d+(\.\d+)?$/, 'must be a number').transform(Number).pipe(schema)]);

export const campaignRewardParametersSchema = z.object({
  id: z.string().min(1).max(200),
  balance: z.number().int().min(1).max(maxPoints),
  type: z.string().max(100).optional(),
});

export const coinRewardParametersSchema = z.object({
  exchange_ratio: numeric(z.number().positive().max(1_000_000_000)),
  points_ratio: numeric(z.number().int().min(1).max(1_000_000_000)).optional(),
});

export const materialRewardParametersSchema = z.object({
  id: z.string().min(1).max(200),
  sku_id: z.null({ error: 'SKUs are not supported: leave sku_id out or null' }).optional(),
});

export const rewardParametersSchema = z
  .object({
    campaign: campaignRewardParametersSchema.optional(),
    coin: coinRewardParametersSchema.optional(),
    product: materialRewardParametersSchema.optional(),
  })
  .refine((p) => [p.campaign, p.coin, p.product].filter(Boolean).length === 1, 'must have exactly one of campaign, coin or product');
export type RewardParametersInput = z.infer<typeof rewardParametersSchema>;

export const rewardAttributesSchema = z.object({
  image_url: z.string().max(2000).optional(),
  description: z.string().max(10_000).optional(),
});

const stock = z.number().int().min(0).max(1_000_000_000).nullable();

/** The type a parameters object describes. */
export function rewardTypeOf(parameters: RewardParametersInput): RewardType {
  if (parameters.campaign) return 'CAMPAIGN';
  if (parameters.coin) return 'COIN';
  return 'MATERIAL';
}

/** POST /v1/rewards. `type` may be left out; it follows from `parameters`. */
export const createRewardRequestSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    type: z.enum(rewardTypes).optional(),
    parameters: rewardParametersSchema,
    stock: stock.optional(),
    attributes: rewardAttributesSchema.optional(),
    metadata: metadataInputSchema.optional(),
  })
  .superRefine((body, ctx) => {
    const type = rewardTypeOf(body.parameters);
    if (body.type !== undefined && body.type !== type) ctx.addIssue({ code: 'custom', path: ['type'], message: `must be ${type} for the given parameters` });
    if (body.stock !== undefined && body.stock !== null && type !== 'MATERIAL') ctx.addIssue({ code: 'custom', path: ['stock'], message: 'applies only to MATERIAL rewards' });
  });
export type CreateRewardRequest = z.infer<typeof createRewardRequestSchema>;

/** PUT /v1/rewards/{rewardId}: the fields given replace the stored ones; the type cannot change. */
export const updateRewardRequestSchema = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  type: z.enum(rewardTypes).optional(),
  parameters: rewardParametersSchema.optional(),
  stock: stock.optional(),
  attributes: rewardAttributesSchema.optional(),
  metadata: metadataInputSchema.optional(),
});
export type UpdateRewardRequest = z.infer<typeof updateRewardRequestSchema>;

export const rewardParametersResponseSchema = z.union([
  z.object({ campaign: z.object({ id: z.string(), balance: z.number().int(), type: z.literal('LOYALTY_PROGRAM') }) }),
  z.object({ coin: z.object({ exchange_ratio: z.number(), points_ratio: z.number().int() }) }),
  z.object({ product: z.object({ id: z.string(), sku_id: z.null() }) }),
]);

export const rewardSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(rewardTypes),
  parameters: rewardParametersResponseSchema,
  /** MATERIAL: how many are left (null = unlimited); null for the other types. */
  stock: z.number().int().nullable(),
  /** MATERIAL: how many were redeemed; null for the other types, as the real API's examples. */
  redeemed: z.number().int().nullable(),
  attributes: rewardAttributesSchema,
  metadata: metadataSchema,
  created_at: z.string(),
  updated_at: z.string().nullable(),
  object: z.literal('reward'),
});
export type Reward = z.infer<typeof rewardSchema>;

export const rewardListSchema = z.object({
  object: z.literal('list'),
  data_ref: z.literal('data'),
  data: z.array(rewardSchema),
  total: z.number().int(),
});
export type RewardList = z.infer<typeof rewardListSchema>;

/** `GET /v1/rewards` query. */
export const rewardListQuerySchema = z.object({ limit: limitQuery, page: pageQuery, assignment_id: z.string().min(1).max(200).optional() });
