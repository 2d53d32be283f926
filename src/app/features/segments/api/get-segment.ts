import { queryOptions, useQuery } from '@tanstack/react-query';
import { segmentSchema, type Segment } from '../../../../contract/segment';
import { apiRequest } from '../../../lib/api-client';

export const segmentKeys = {
  one: (segmentId: string) => ['segments', 'one', segmentId] as const,
};

/** GET /v1/segments/{segmentId}. */
export function getSegment(segmentId: string, signal?: AbortSignal): Promise<Segment> {
  return apiRequest(`/v1/segments/${encodeURIComponent(segmentId)}`, segmentSchema, { signal });
}

export function segmentQueryOptions(segmentId: string) {
  return queryOptions({
    queryKey: segmentKeys.one(segmentId),
    queryFn: ({ signal }) => getSegment(segmentId, signal),
    // Segments are not edited: what was read stays true.
    staleTime: Infinity,
  });
}

export function useSegment(segmentId: string | undefined) {
  return useQuery({ ...segmentQueryOptions(segmentId ?? ''), enabled: segmentId !== undefined });
}
