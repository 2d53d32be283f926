import type { PointsBucketList } from '../../contract/points-expiration';
import type { ServiceContext } from '../context';
import { listLiveBuckets } from '../db/repositories/point-buckets';
import { presentPointsBucket } from '../presenters/points-bucket';
import { memberCard } from './member-cards';

/** GET /v1/loyalties/{campaignId}/members/{memberId}/points-expiration: the card's live buckets, a page at a time. */
export async function listPointsExpiration(ctx: ServiceContext, projectId: string, campaignRef: string, code: string, page: { limit: number; page: number }): Promise<PointsBucketList> {
  const { card } = await memberCard(ctx.db, projectId, code, campaignRef);
  const { rows, total } = await listLiveBuckets(ctx.db, card.id, page);
  return { object: 'list', data_ref: 'data', data: rows.map((row) => presentPointsBucket(row, card.campaignId)), total };
}
