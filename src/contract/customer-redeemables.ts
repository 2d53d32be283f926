import { z } from 'zod';
import { limitQuery } from './common';
import { dateConditionsSchema, enumConditionsSchema, junctionSchema, stringConditionsSchema } from './filter-conditions';
import { loyaltyMemberSchema } from './loyalty-member';

/**
 * GET /v1/customers/{customerId}/redeemables (openapi-customers-catalog CustomersRedeemablesListResponseBody):
 * what the customer holds, one holder record (`rh_…`) per redeemable. Every voucher of this service is a
 * loyalty card its holder joined with, so each record is an OWNER's `voucher` in a LOYALTY_PROGRAM.
 */

export const holderRoles = ['OWNER', 'REFERRER', 'REFEREE'] as const;
export const redeemableStatuses = ['ACTIVE', 'USED', 'DISABLED', 'NOT_ACTIVE_YET', 'EXPIRED', 'NO_BALANCE'] as const;

export const customerRedeemableSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  redeemable_id: z.string(),
  redeemable_object: z.literal('voucher'),
  customer_id: z.string(),
  holder_role: z.enum(holderRoles),
  campaign_id: z.string(),
  campaign_type: z.enum(['LOYALTY_PROGRAM', 'GIFT_VOUCHERS', 'DISCOUNT_COUPONS', 'PROMOTION', 'REFERRAL_PROGRAM']),
  voucher_type: z.enum(['GIFT_VOUCHER', 'DISCOUNT_VOUCHER', 'LOYALTY_CARD']),
  redeemable: z.object({ type: z.literal('voucher'), voucher: loyaltyMemberSchema, status: z.enum(redeemableStatuses) }),
});
export type CustomerRedeemable = z.infer<typeof customerRedeemableSchema>;

/** As the contract's example has it: `total` (every match of the filters) and `has_more`, `more_starting_after` only when more follow. */
export const customerRedeemableListSchema = z.object({
  object: z.literal('list'),
  data_ref: z.literal('data'),
  data: z.array(customerRedeemableSchema),
  total: z.number().int(),
  has_more: z.boolean(),
  more_starting_after: z.string().optional(),
});
export type CustomerRedeemableList = z.infer<typeof customerRedeemableListSchema>;

/** ParameterFiltersListCustomerRedeemables (deepObject): every field it documents, each with its operators. */
export const customerRedeemableFiltersSchema = z.strictObject({
  junction: junctionSchema.optional(),
  id: z.strictObject({ conditions: stringConditionsSchema }).optional(),
  created_at: z.strictObject({ conditions: dateConditionsSchema }).optional(),
  redeemable_id: z.strictObject({ conditions: stringConditionsSchema }).optional(),
  redeemable_object: z.strictObject({ conditions: enumConditionsSchema(['voucher']) }).optional(),
  holder_role: z.strictObject({ conditions: enumConditionsSchema(holderRoles) }).optional(),
  campaign_id: z.strictObject({ conditions: stringConditionsSchema }).optional(),
  campaign_type: z.strictObject({ conditions: enumConditionsSchema(['LOYALTY_PROGRAM', 'GIFT_VOUCHERS', 'DISCOUNT_COUPONS', 'REFERRAL_PROGRAM']) }).optional(),
  voucher_type: z.strictObject({ conditions: enumConditionsSchema(['GIFT_VOUCHER', 'DISCOUNT_VOUCHER', 'LOYALTY_CARD']) }).optional(),
});
export type CustomerRedeemableFilters = z.output<typeof customerRedeemableFiltersSchema>;

/**
 * The contract's query. `order` by holder id; ids grow with the time the redeemable was assigned, and
 * newest first is the default (as the contract's example lists them). SDK 2.9.0 also types
 * `created_at`/`-created_at`: the same order here, so taken as `id`/`-id`.
 */
export const customerRedeemableListQuerySchema = z.object({
  limit: limitQuery,
  order: z
    .enum(['id', '-id', 'created_at', '-created_at'])
    .default('-id')
    .transform((order) => (order.startsWith('-') ? '-id' : 'id') as 'id' | '-id'),
  starting_after_id: z.string().min(1).max(200).optional(),
  filters: customerRedeemableFiltersSchema.optional(),
});
export type CustomerRedeemableListQuery = z.output<typeof customerRedeemableListQuerySchema>;
