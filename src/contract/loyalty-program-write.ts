import { z } from 'zod';
import { dateTime, metadataInputSchema } from './common';
import { v1ExpirationRulesSchema } from './earning-rule-v1';
import { loyaltyTiersExpirationSchema } from './loyalty-tier';

/**
 * Create and update a loyalty program (openapi-loyalty-rest LoyaltiesCreateCampaignRequestBody,
 * LoyaltiesUpdateCampaignRequestBody). Fields the service does not keep (validity windows,
 * activity duration, access settings, initial points, a redemption limit) are refused by name
 * rather than dropped, so a caller never believes a setting took that did not.
 */

/** Cards one request may generate at once (`vouchers_count`): a bound the real API leaves open (README "Limits"). */
export const maxGeneratedCards = 10_000;

/** The card code format (CodeConfig): a pattern whose `#` become random characters, or prefix + `length` random characters + postfix. */
export const codeConfigSchema = z
  .strictObject({
    pattern: z.string().min(1).max(100).refine((p) => p.includes('#'), 'must hold at least one # (a random character)').optional(),
    length: z.number().int().min(1).max(50).optional(),
    charset: z
      .string()
      .min(2)
      .max(100)
      .refine((c) => new Set(c).size === c.length, 'must not repeat a character')
      .refine((c) => !c.includes('#'), 'must not hold #')
      .optional(),
    prefix: z.string().max(50).optional(),
    postfix: z.string().max(50).optional(),
    /** The contract's "internal value, does not change anything if provided". */
    initial_count: z.number().int().optional(),
  })
  .superRefine((config, ctx) => {
    if (config.pattern !== undefined && config.length !== undefined && config.length !== (config.pattern.match(/#/g) ?? []).length) {
      ctx.addIssue({ code: 'custom', path: ['length'], message: 'must be the number of # in the pattern, or left out: the pattern decides the length' });
    }
  });
export type CodeConfigInput = z.infer<typeof codeConfigSchema>;

const onlyFalse = (what: string) => z.literal(false, { error: `is not kept here: ${what}` });

export const createLoyaltyProgramRequestSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  description: z.string().max(1000).nullable().optional(),
  campaign_type: z.literal('LOYALTY_PROGRAM').optional(),
  /** AUTO_UPDATE: a card is made for each new member; STATIC: the `vouchers_count` cards made now are all there is. */
  type: z.enum(['AUTO_UPDATE', 'STATIC']).optional(),
  /** A customer joins a program once, always. */
  join_once: z.literal(true, { error: 'a customer joins a loyalty program once: only true is taken' }).optional(),
  auto_join: onlyFalse('customers join when added as members').optional(),
  use_voucher_metadata_schema: z.boolean().optional(),
  vouchers_count: z.number().int().min(0).max(maxGeneratedCards).optional(),
  start_date: dateTime.nullable().optional(),
  expiration_date: dateTime.nullable().optional(),
  category_id: z.string().min(1).max(200).nullable().optional(),
  metadata: metadataInputSchema.optional(),
  voucher: z
    .strictObject({
      type: z.literal('LOYALTY_CARD').optional(),
      loyalty_card: z.strictObject({
        points: z.literal(0, { error: 'cards start with 0 points here: add points to a member after they join' }).nullable().optional(),
        /** The program's points expiry: how long points added by hand with PROGRAM_RULES last. */
        expiration_rules: v1ExpirationRulesSchema.nullable().optional(),
      }),
      redemption: z.strictObject({ quantity: z.null({ error: 'a loyalty card is redeemed as often as its points allow: only null is taken' }).optional() }).nullable().optional(),
      code_config: codeConfigSchema.optional(),
    })
    .optional(),
  loyalty_tiers_expiration: loyaltyTiersExpirationSchema.optional(),
});
export type CreateLoyaltyProgramRequest = z.infer<typeof createLoyaltyProgramRequestSchema>;

export const updateLoyaltyProgramRequestSchema = z.strictObject({
  description: z.string().max(1000).nullable().optional(),
  type: z.enum(['AUTO_UPDATE', 'STATIC']).optional(),
  join_once: z.literal(true, { error: 'a customer joins a loyalty program once: only true is taken' }).optional(),
  auto_join: onlyFalse('customers join when added as members').optional(),
  start_date: dateTime.nullable().optional(),
  expiration_date: dateTime.nullable().optional(),
  category_id: z.string().min(1).max(200).nullable().optional(),
  metadata: metadataInputSchema.nullable().optional(),
  unset_metadata_fields: z.array(z.string().min(1).max(100)).max(100).nullable().optional(),
  loyalty_tiers_expiration: loyaltyTiersExpirationSchema.optional(),
  options: z.strictObject({ recalculate_tiers: z.boolean().nullable().optional() }).nullable().optional(),
});
export type UpdateLoyaltyProgramRequest = z.infer<typeof updateLoyaltyProgramRequestSchema>;
