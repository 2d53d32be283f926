import { z } from 'zod';
import { limitQuery } from './common';
import { dateConditionsSchema, junctionSchema, stringConditionsSchema } from './filter-conditions';

export const cardTransactionTypes = [
  'PENDING_POINTS_ACTIVATION',
  'POINTS_ACCRUAL',
  'POINTS_REDEMPTION',
  'POINTS_REFUND',
  'POINTS_ADDITION',
  'POINTS_REMOVAL',
  'POINTS_EXPIRATION',
  'POINTS_TRANSFER_IN',
  'POINTS_TRANSFER_OUT',
] as const;

export const voucherBalanceSchema = z.object({
  type: z.literal('loyalty_card'),
  total: z.number().int(),
  object: z.literal('balance'),
  points: z.number().int(),
  balance: z.number().int(),
  related_object: z.object({ id: z.string(), type: z.literal('voucher') }),
});

/** A loyalty card transaction (openapi-supporting LoyaltyCardTransaction). */
export const cardTransactionSchema = z.object({
  id: z.string(),
  source_id: z.string().nullable(),
  voucher_id: z.string(),
  campaign_id: z.string(),
  source: z.string().nullable(),
  reason: z.string().nullable(),
  type: z.enum(cardTransactionTypes),
  details: z
    .object({
      balance: voucherBalanceSchema,
      event: z.object({ id: z.string(), type: z.string() }).optional(),
      custom_event: z.object({ id: z.string(), type: z.string() }).optional(),
      event_schema: z.object({ id: z.string(), name: z.string() }).optional(),
      earning_rule: z.object({ id: z.string(), source: z.object({ banner: z.string() }) }).optional(),
      // A reward redemption (POINTS_REDEMPTION) and the points it added to another card (POINTS_ADDITION).
      redemption: z.object({ id: z.string() }).optional(),
      // `assignment_id` (ours): the program's offer it was redeemed through, which member activity shows.
      reward: z.object({ id: z.string(), name: z.string(), assignment_id: z.string().optional() }).optional(),
      // Ours: who made a change through the dashboard, in the real API's EventSource shape (the
      // dashboard user's id); absent on changes through the API and on rows written before it.
      event_source: z.object({ channel: z.enum(['USER_PORTAL', 'API', 'CLIENT_API', 'INTERNAL']), user: z.object({ id: z.string() }).optional() }).optional(),
    })
    .catchall(z.unknown()),
  related_transaction_id: z.string().nullable(),
  created_at: z.string(),
});
export type CardTransaction = z.infer<typeof cardTransactionSchema>;

/** GET …/members/{memberId}/transactions: a page after `starting_after_id`, no total. */
export const cardTransactionListSchema = z.object({
  object: z.literal('list'),
  data_ref: z.literal('data'),
  data: z.array(cardTransactionSchema),
  has_more: z.boolean(),
  more_starting_after: z.string().optional(),
});
export type CardTransactionList = z.infer<typeof cardTransactionListSchema>;

/** The cursor paging of the ledger's lists: by id, newest first unless asked, a page after `starting_after_id`. */
const ledgerPaging = {
  limit: limitQuery,
  order: z.enum(['id', '-id']).default('-id'),
  starting_after_id: z.string().min(1).optional(),
};

/** `GET /v1/loyalties/members/{memberId}/transactions` query (cursor paging), with the contract's `filters` (deepObject). */
export const cardTransactionListQuerySchema = z.object({
  ...ledgerPaging,
  filters: z
    .strictObject({
      junction: junctionSchema.optional(),
      created_at: z.strictObject({ conditions: dateConditionsSchema }).optional(),
      id: z.strictObject({ conditions: stringConditionsSchema }).optional(),
    })
    .optional(),
});
export type CardTransactionListQuery = z.output<typeof cardTransactionListQuerySchema>;

/** `GET /v1/loyalties/{campaignId}/transactions` query: the program's ledger, its `filters` by transaction and card id. */
export const campaignTransactionListQuerySchema = z.strictObject({
  ...ledgerPaging,
  filters: z
    .strictObject({
      junction: junctionSchema.optional(),
      id: z.strictObject({ conditions: stringConditionsSchema }).optional(),
      voucher_id: z.strictObject({ conditions: stringConditionsSchema }).optional(),
    })
    .optional(),
});
export type CampaignTransactionListQuery = z.output<typeof campaignTransactionListQuerySchema>;
