import { z } from 'zod';
import { limitQuery } from './common';

/**
 * GET /v1/loyalties/{campaignId}/members/{memberId}/points-expiration: the card's live point
 * buckets (points not yet spent or expired), soonest to expire first, never-expiring ones last.
 */
export const pointsBucketSchema = z.object({
  id: z.string(),
  voucher_id: z.string(),
  campaign_id: z.string(),
  bucket: z.object({ total_points: z.number().int() }),
  status: z.literal('ACTIVE'),
  /** The last day the points can be used; absent for points that never expire (as the contract's example). */
  expires_at: z.string().optional(),
  created_at: z.string(),
  object: z.literal('loyalty_points_bucket'),
});
export type PointsBucket = z.infer<typeof pointsBucketSchema>;

export const pointsBucketListSchema = z.object({
  object: z.literal('list'),
  data_ref: z.literal('data'),
  data: z.array(pointsBucketSchema),
  total: z.number().int(),
});
export type PointsBucketList = z.infer<typeof pointsBucketListSchema>;

/** `GET /v1/loyalties/{campaignId}/members/{memberId}/points-expiration` query; the real API pages buckets with `page` up to 100 (its ParameterPage). */
export const pointsBucketListQuerySchema = z.object({ limit: limitQuery, page: z.coerce.number().int().min(1).max(100).default(1) });
