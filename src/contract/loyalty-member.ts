import { z } from 'zod';
import { dateRangeQuery, limitQuery, metadataInputSchema, metadataSchema, pageQuery } from './common';
import { customerReferenceSchema } from './customer';

/** Add Member body (SERVICE_SPEC §2.5). */
export const addMemberRequestSchema = z.object({
  customer: customerReferenceSchema,
  voucher: z.string().min(1).max(200).optional(),
  source_id: z.string().min(1).max(200).optional(),
  metadata: metadataInputSchema.optional(),
  channel: z.string().min(1).max(200).optional(),
});
export type AddMemberRequest = z.infer<typeof addMemberRequestSchema>;

export const loyaltyCardSchema = z.object({
  points: z.number().int(),
  balance: z.number().int(),
  next_expiration_date: z.string().nullable().optional(),
  next_expiration_points: z.number().int().nullable().optional(),
  pending_points: z.number().int(),
  expired_points: z.number().int(),
  subtracted_points: z.number().int(),
});

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  hierarchy: z.number().int(),
  created_at: z.string(),
  object: z.literal('category'),
});

const assetSchema = z.object({ id: z.string(), url: z.string() });

/** The loyalty member (a voucher of type LOYALTY_CARD), SERVICE_SPEC §2.1. */
export const loyaltyMemberSchema = z.object({
  id: z.string(),
  code: z.string(),
  campaign: z.string(),
  campaign_id: z.string(),
  category: z.string().nullable(),
  category_id: z.string().nullable(),
  categories: z.array(categorySchema),
  type: z.literal('LOYALTY_CARD'),
  discount: z.null(),
  gift: z.null(),
  loyalty_card: loyaltyCardSchema,
  start_date: z.string().nullable(),
  expiration_date: z.string().nullable(),
  validity_timeframe: z.object({ duration: z.string(), interval: z.string() }).nullable(),
  validity_day_of_week: z.array(z.number().int().min(0).max(6)).nullable(),
  validity_hours: z.object({ daily: z.array(z.object({ start_time: z.string(), days_of_week: z.array(z.number().int()), expiration_time: z.string() })) }).nullable().optional(),
  active: z.boolean().nullable(),
  additional_info: z.string().nullable(),
  metadata: metadataSchema,
  assets: z.object({ qr: assetSchema, barcode: assetSchema }),
  is_referral_code: z.literal(false),
  created_at: z.string(),
  updated_at: z.string().nullable(),
  holder_id: z.string().nullable(),
  object: z.literal('voucher'),
  publish: z.object({ object: z.literal('list'), count: z.number().int(), url: z.string() }),
  redemption: z.object({
    quantity: z.number().int().nullable(),
    redeemed_quantity: z.number().int(),
    redeemed_points: z.number().int(),
    object: z.literal('list'),
    url: z.string(),
  }),
});
export type LoyaltyMember = z.infer<typeof loyaltyMemberSchema>;

export const memberListSchema = z.object({
  object: z.literal('list'),
  data_ref: z.literal('vouchers'),
  vouchers: z.array(loyaltyMemberSchema),
  total: z.number().int(),
});
export type MemberList = z.infer<typeof memberListSchema>;

/** `GET /v1/loyalties/{campaignId}/members` query. */
export const memberListQuerySchema = z.object({
  limit: limitQuery,
  page: pageQuery,
  order: z.enum(['created_at', '-created_at', 'updated_at', '-updated_at', 'code', '-code']).default('-created_at'),
  // An empty value names nothing: refused, not read as "no filter".
  customer: z.string().min(1).max(200).optional(),
  /** Extension: `true` only cards published to a customer (members), `false` only cards not published yet. */
  published: z.enum(['true', 'false']).optional(),
  code: z.string().min(1).max(200).optional(),
  ids: z
    .union([z.string().min(1).max(200), z.array(z.string().min(1).max(200)).min(1).max(100)])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .optional(),
  created_at: dateRangeQuery.optional(),
  updated_at: dateRangeQuery.optional(),
});
