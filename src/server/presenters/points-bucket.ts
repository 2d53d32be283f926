import type { PointsBucket } from '../../contract/points-expiration';
import type { PointBucketRow } from '../db/repositories/point-buckets';

/**
 * A live point bucket. `total_points` is what is left in it. Points that never expire have no
 * `expires_at`, as in the contract's own example (its schema lists the field as required).
 */
export function presentPointsBucket(row: PointBucketRow, campaignId: string): PointsBucket {
  return {
    id: row.id,
    voucher_id: row.voucherId,
    campaign_id: campaignId,
    bucket: { total_points: row.remaining },
    status: 'ACTIVE',
    ...(row.expiresOn !== null && { expires_at: row.expiresOn }),
    created_at: row.createdAt.toISOString(),
    object: 'loyalty_points_bucket',
  };
}
