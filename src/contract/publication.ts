import { z } from 'zod';
import { limitQuery, metadataSchema, pageQuery } from './common';
import { junctionSchema, stringConditionsSchema } from './filter-conditions';

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

const publicationOrders = ['created_at', 'id', 'voucher_code', 'tracking_id', 'customer_id', 'channel'] as const;

/** The fields ParameterFiltersListPublications documents; each takes FilterConditionsString. */
export const publicationFilterFields = ['failure_code', 'result', 'customer_id', 'campaign_name', 'voucher_type', 'is_referral_code', 'parent_object_id', 'related_object_id', 'source_id'] as const;
export type PublicationFilterField = (typeof publicationFilterFields)[number];
type PublicationFilterShape = { junction: z.ZodOptional<typeof junctionSchema> } & Record<PublicationFilterField, z.ZodOptional<z.ZodObject<{ conditions: typeof stringConditionsSchema }>>>;

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
  // The real API's `filters` (deepObject): every field it documents, each with every string operator.
  filters: z.strictObject(Object.fromEntries([['junction', junctionSchema.optional()], ...publicationFilterFields.map((f) => [f, z.strictObject({ conditions: stringConditionsSchema }).optional()])]) as PublicationFilterShape).optional(),
});
export type PublicationListQuery = z.output<typeof publicationListQuerySchema>;
