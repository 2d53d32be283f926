import { useQuery } from '@tanstack/react-query';
import { pointsBucketListQuerySchema, pointsBucketListSchema, type PointsBucketList } from '../../../../contract/points-expiration';
import { apiRequest } from '../../../lib/api-client';
import { contractQuery } from '../../../lib/contract-query';
import { memberKeys } from './get-member';

/** GET /v1/loyalties/{campaignId}/members/{code}/points-expiration: live point buckets, soonest to expire first. */
export function getPointsExpiration(campaignId: string, code: string, signal?: AbortSignal): Promise<PointsBucketList> {
  return apiRequest(`/v1/loyalties/${encodeURIComponent(campaignId)}/members/${encodeURIComponent(code)}/points-expiration`, pointsBucketListSchema, {
    query: contractQuery(pointsBucketListQuerySchema, { limit: 10 }),
    signal,
  });
}

export function usePointsExpiration(campaignId: string, code: string) {
  return useQuery({ queryKey: [...memberKeys.card(code), 'points-expiration'], queryFn: ({ signal }) => getPointsExpiration(campaignId, code, signal) });
}
