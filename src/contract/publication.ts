import { z } from 'zod';
import { limitQuery, metadataSchema, pageQuery } from './common';

export const publicationSchema = z.object({
  id: z.string(),
  object: z.literal('publication'),
  created_at: z.string(),
  customer_id: z.string(),
  tracking_id: z.string().nullable(),
  metadata: metadataSchema,
  channel: z.string().nullable(),
  source_id: z.string().nullable(),
  result: z.literal('SUCCESS'),
  customer: z.object({
    id: z.string(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    source_id: z.string().nullable(),
    metadata: metadataSchema,
    object: z.literal('customer'),
  }),
  vouchers_id: z.array(z.string()),
  voucher: z.object({
    code: z.string(),
    object: z.literal('voucher'),
    campaign: z.string(),
    loyalty_card: z.object({ points: z.number(), balance: z.number() }),
    is_referral_code: z.literal(false),
  }),
});
export type Publication = z.infer<typeof publicationSchema>;

export const publicationListSchema = z.object({
  object: z.literal('list'),
  data_ref: z.literal('publications'),
  publications: z.array(publicationSchema),
  total: z.number().int(),
});

const publicationOrders = ['created_at', 'id', 'voucher_code', 'customer_id', 'channel'] as const;

/** `GET /v1/publications` query. */
export const publicationListQuerySchema = z.object({
  limit: limitQuery,
  page: pageQuery,
  order: z.enum([...publicationOrders, ...publicationOrders.map((o) => `-${o}` as const)]).default('-created_at'),
  campaign: z.string().optional(),
  customer: z.string().optional(),
  voucher: z.string().optional(),
  source_id: z.string().optional(),
  result: z.enum(['SUCCESS', 'FAILURE']).optional(),
  voucher_type: z.enum(['discount', 'loyalty']).optional(),
  // "Works only for the `true` option", as the contract says: `false` filters nothing.
  is_referral_code: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  // The real API's `filters` (deepObject); the customer_id `$in`/`$is` conditions are what the dashboard
  // needs: the holders of one page of a program's cards, in one request.
  filters: z
    .strictObject({
      customer_id: z.strictObject({
        conditions: z.strictObject({
          $in: z.union([z.string().min(1), z.array(z.string().min(1)).min(1).max(100)]).optional(),
          $is: z.string().min(1).optional(),
        }),
      }),
    })
    .optional(),
});
export type PublicationListQuery = z.output<typeof publicationListQuerySchema>;
