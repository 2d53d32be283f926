import { z } from 'zod';
import { metadataSchema } from './common';

/**
 * GET /v1/loyalties/members (our extension): loyalty cards across every program, found by part of
 * the holder's email, name or source id, or of the card code (`q`), or every card of one customer
 * (`customer`, an id). The real API finds customers only by exact fields and lists cards per program.
 */
export const memberSearchListQuerySchema = z
  .object({
    q: z.string().trim().min(1).max(200).optional(),
    customer: z.string().min(1).max(200).optional(),
    limit: z.coerce.number().int().min(1).max(50).default(10),
  })
  .refine((query) => query.q !== undefined || query.customer !== undefined, { message: 'give q or customer', path: ['q'] });
export type MemberSearchListQuery = z.infer<typeof memberSearchListQuerySchema>;

export const memberSearchHolderSchema = z.object({
  id: z.string(),
  source_id: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  metadata: metadataSchema,
  object: z.literal('customer'),
});

/** One card found: enough to list it and open its member page. */
export const memberSearchResultSchema = z.object({
  id: z.string(),
  code: z.string(),
  campaign_id: z.string(),
  campaign_name: z.string(),
  balance: z.number().int(),
  holder: memberSearchHolderSchema,
  object: z.literal('member_search_result'),
});
export type MemberSearchResult = z.infer<typeof memberSearchResultSchema>;

export const memberSearchListSchema = z.object({
  object: z.literal('list'),
  data_ref: z.literal('members'),
  members: z.array(memberSearchResultSchema),
  total: z.number().int(),
});
export type MemberSearchList = z.infer<typeof memberSearchListSchema>;
