import { z } from 'zod';
import { dateBound, limitQuery } from './common';
import { memberActivitySchema, memberActivityTypes } from './member-activity';

/**
 * GET /v1/customers/{customerId}/activity (openapi-customers-catalog CustomerActivity): the
 * customer's activity across programs, read from what is already stored: each of their cards'
 * activity (as member activity tells it) and their custom events.
 */

export const customerActivityTypes = [...memberActivityTypes, 'customer.custom_event'] as const;

/** `customer.custom_event`: the event as tracked, its schema and the customer. */
const customEventActivitySchema = memberActivitySchema.extend({
  type: z.literal('customer.custom_event'),
  data: z.object({
    data: z.object({
      event: z.object({ id: z.string(), object: z.literal('event'), type: z.string(), customer: z.object({ id: z.string(), object: z.literal('customer') }).catchall(z.unknown()), referral: z.null(), loyalty: z.null(), metadata: z.record(z.string(), z.unknown()), created_at: z.string() }),
      event_schema: z.object({ id: z.string(), name: z.string() }).optional(),
      customer: z.object({ id: z.string(), object: z.literal('customer') }).catchall(z.unknown()),
      referral: z.null(),
      loyalty: z.null(),
    }),
    event_source: memberActivitySchema.shape.data.shape.event_source,
  }),
});

export const customerActivitySchema = z.union([memberActivitySchema, customEventActivitySchema]);
export type CustomerActivity = z.infer<typeof customerActivitySchema>;

export const customerActivityListSchema = z.object({
  object: z.literal('list'),
  data_ref: z.literal('data'),
  data: z.array(customerActivitySchema),
  has_more: z.boolean(),
  more_starting_after: z.string().optional(),
});
export type CustomerActivityList = z.infer<typeof customerActivityListSchema>;

/** The contract's query: every parameter taken. */
export const customerActivityQuerySchema = z.object({
  limit: limitQuery,
  order: z.enum(['created_at', '-created_at']).default('-created_at'),
  starting_after_id: z.string().min(1).max(200).optional(),
  /** Activity at or after this instant (or day). */
  start_date: dateBound.optional(),
  /** Activity at or before this instant (or day). */
  end_date: dateBound.optional(),
  campaign_id: z.string().min(1).max(200).optional(),
  campaign_type: z.enum(['DISCOUNT_COUPONS', 'REFERRAL_PROGRAM', 'GIFT_VOUCHERS', 'PROMOTION', 'LOYALTY_PROGRAM']).optional(),
  /** ACTION: what the customer (or a client for them) did; EFFECT: what followed. */
  category: z.enum(['ACTION', 'EFFECT']).optional(),
  /** One event type of the contract's list; a type this service never records matches nothing. */
  type: z.string().regex(/^customer\.[a-z_.]+$/, 'should be a customer event type such as customer.custom_event').max(100).optional(),
});
export type CustomerActivityQuery = z.infer<typeof customerActivityQuerySchema>;
