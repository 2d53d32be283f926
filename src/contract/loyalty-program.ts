import { z } from 'zod';
import { limitQuery, metadataSchema, pageQuery } from './common';
import { v1ExpirationRulesSchema } from './earning-rule-v1';
import { categorySchema } from './loyalty-member';
import { loyaltyTiersExpirationSchema } from './loyalty-tier';

/** A loyalty campaign as GET /v1/loyalties returns it (openapi-supporting LoyaltyCampaign). */
export const loyaltyProgramSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  campaign_type: z.literal('LOYALTY_PROGRAM'),
  type: z.enum(['AUTO_UPDATE', 'STATIC']),
  auto_join: z.boolean(),
  join_once: z.boolean(),
  use_voucher_metadata_schema: z.boolean(),
  vouchers_count: z.number().int(),
  active: z.boolean(),
  metadata: metadataSchema,
  created_at: z.string(),
  updated_at: z.string().optional(),
  creation_status: z.string(),
  vouchers_generation_status: z.string(),
  protected: z.boolean(),
  category_id: z.string().nullable(),
  categories: z.array(categorySchema),
  loyalty_tiers_expiration: loyaltyTiersExpirationSchema.optional(),
  /** When the program's cards start and stop working (copied onto the cards it makes). */
  start_date: z.string().optional(),
  expiration_date: z.string().optional(),
  /** The cards the program makes: their code format, and the program's points expiry. */
  voucher: z
    .object({
      type: z.literal('LOYALTY_CARD'),
      loyalty_card: z.object({ points: z.number().int(), expiration_rules: v1ExpirationRulesSchema.optional() }),
      redemption: z.object({ quantity: z.null() }),
      code_config: z.object({ pattern: z.string(), length: z.number().int(), charset: z.string(), prefix: z.string().optional(), postfix: z.string().optional() }),
      is_referral_code: z.literal(false),
      start_date: z.string().optional(),
      expiration_date: z.string().optional(),
    })
    .optional(),
  object: z.literal('campaign'),
});
export type LoyaltyProgram = z.infer<typeof loyaltyProgramSchema>;

export const loyaltyProgramListSchema = z.object({
  object: z.literal('list'),
  data_ref: z.literal('campaigns'),
  campaigns: z.array(loyaltyProgramSchema),
  total: z.number().int(),
});
export type LoyaltyProgramList = z.infer<typeof loyaltyProgramListSchema>;

/** `GET /v1/loyalties` query. */
export const loyaltyProgramListQuerySchema = z.object({
  limit: limitQuery,
  page: pageQuery,
  order: z.enum(['created_at', '-created_at', 'updated_at', '-updated_at']).default('-created_at'),
  // Categories are always expanded here; areas and stores (an Enterprise feature) are not kept, so
  // `access_settings_assignments` adds nothing. Both are taken, so a misspelt value is refused.
  expand: z.enum(['category', 'access_settings_assignments']).optional(),
});
