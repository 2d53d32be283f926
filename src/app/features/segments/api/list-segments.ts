import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { segmentListQuerySchema, segmentListSchema, type SegmentList } from '../../../../contract/segment';
import { apiRequest } from '../../../lib/api-client';
import { contractQuery } from '../../../lib/contract-query';

/** GET /v1/segments (our extension, see README): the project's segments, newest first, with their sizes. */
export function listSegments(page: number, limit: number, signal?: AbortSignal): Promise<SegmentList> {
  return apiRequest('/v1/segments', segmentListSchema, { query: contractQuery(segmentListQuerySchema, { page, limit }), signal });
}

export const segmentListKeys = {
  all: ['segments', 'list'] as const,
  page: (page: number, limit: number) => ['segments', 'list', { page, limit }] as const,
};

export function useSegmentList(page: number, limit: number) {
  return useQuery(
    queryOptions({ queryKey: segmentListKeys.page(page, limit), queryFn: ({ signal }) => listSegments(page, limit, signal), placeholderData: keepPreviousData }),
  );
}
