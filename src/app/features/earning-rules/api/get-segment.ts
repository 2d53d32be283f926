import { queryOptions, useQuery } from '@tanstack/react-query';
import { segmentSchema, type Segment } from '../../../../contract/segment';
import { apiRequest } from '../../../lib/api-client';

/** GET /v1/segments/{segmentId}: the name and type of the segment a rule is triggered by. */
export function getSegment(segmentId: string, signal?: AbortSignal): Promise<Segment> {
  return apiRequest(`/v1/segments/${encodeURIComponent(segmentId)}`, segmentSchema, { signal });
}

export function segmentQueryOptions(segmentId: string) {
  // A passive segment turns auto-update when a rule uses it: read again rather than cache for good.
  return queryOptions({ queryKey: ['segments', 'one', segmentId] as const, queryFn: ({ signal }) => getSegment(segmentId, signal), staleTime: 60_000, retry: false });
}

/** The segment, once `segmentId` looks like one (`seg_…`). */
export function useSegment(segmentId: string) {
  return useQuery({ ...segmentQueryOptions(segmentId), enabled: /^seg_[A-Za-z0-9]+$/.test(segmentId) });
}
