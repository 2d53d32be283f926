import { z } from 'zod';
import { limitQuery, metadataSchema } from './common';

/**
 * GET /v1/loyalties/[{campaignId}/]members/{memberId}/activity (openapi-spend MemberActivity):
 * every event of a card, read from its ledger: the publication to its holder, one activity per
 * card transaction (accruals, manual changes, reward redemptions, expirations) and one per change
 * of the holder's loyalty tier.
 */

export const memberActivityTypes = [
  'customer.publication.succeeded',
  'customer.rewarded.loyalty_points',
  'customer.voucher.loyalty_card.points_added',
  'customer.voucher.loyalty_card.points_expired',
  'customer.voucher.loyalty_card.points_transferred',
  'customer.reward_redemptions.completed',
  'customer.loyalty.tier.joined',
  'customer.loyalty.tier.upgraded',
  'customer.loyalty.tier.downgraded',
  'customer.loyalty.tier.prolonged',
  'customer.loyalty.tier.left',
  'customer.loyalty.tier.expiration.changed',
] as const;
export type MemberActivityType = (typeof memberActivityTypes)[number];

export const activityCustomerSchema = z.object({
  id: z.string(),
  source_id: z.string().optional(),
  name: z.string().optional(),
  email: z.string().optional(),
  metadata: metadataSchema,
  object: z.literal('customer'),
});

export const activityCampaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  campaign_type: z.literal('LOYALTY_PROGRAM'),
  type: z.enum(['AUTO_UPDATE', 'STATIC']),
  object: z.literal('campaign'),
});

export const activityVoucherSchema = z.object({
  id: z.string(),
  code: z.string(),
  type: z.literal('LOYALTY_CARD'),
  campaign: z.string(),
  campaign_id: z.string(),
  holder_id: z.string().optional(),
  loyalty_card: z.object({ points: z.number().int(), balance: z.number().int() }),
  created_at: z.string(),
  object: z.literal('voucher'),
});

export const memberActivitySchema = z.object({
  id: z.string(),
  type: z.enum(memberActivityTypes),
  data: z.object({
    /** What happened: the customer, program and card, and per type the transaction, balance, reward, buckets or publication. */
    data: z
      .object({ customer: activityCustomerSchema.optional(), campaign: activityCampaignSchema, voucher: activityVoucherSchema.optional() })
      .catchall(z.unknown()),
    /** Who caused it (the real API's EventSource): `user` is the dashboard user of a USER_PORTAL change. */
    event_source: z.object({ channel: z.enum(['USER_PORTAL', 'API', 'CLIENT_API', 'INTERNAL']), user: z.object({ id: z.string() }).optional() }),
  }),
  created_at: z.string(),
  /** The record the activity comes from (a transaction, a publication): one id per request that caused it. */
  group_id: z.string(),
});
export type MemberActivity = z.infer<typeof memberActivitySchema>;

export const memberActivityListSchema = z.object({
  object: z.literal('list'),
  data_ref: z.literal('data'),
  data: z.array(memberActivitySchema),
  has_more: z.boolean(),
  more_starting_after: z.string().optional(),
});
export type MemberActivityList = z.infer<typeof memberActivityListSchema>;

/** `GET /v1/loyalties/{campaignId}/members/{memberId}/activity` query (cursor paging). */
export const memberActivityListQuerySchema = z.object({
  limit: limitQuery,
  order: z.enum(['created_at', '-created_at']).default('-created_at'),
  starting_after_id: z.string().min(1).max(200).optional(),
});
