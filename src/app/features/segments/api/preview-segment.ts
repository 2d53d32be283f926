import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { segmentPreviewSchema, type SegmentFilter, type SegmentPreview } from '../../../../contract/segment';
import { apiRequest } from '../../../lib/api-client';

/** POST /v1/segments/preview (our extension, see README): how many customers a filter matches now. */
export function previewSegment(filter: SegmentFilter, signal?: AbortSignal): Promise<SegmentPreview> {
  return apiRequest('/v1/segments/preview', segmentPreviewSchema, { method: 'POST', body: { filter }, signal });
}

export function segmentPreviewQueryOptions(filter: SegmentFilter) {
  return queryOptions({
    queryKey: ['segments', 'preview', filter] as const,
    queryFn: ({ signal }) => previewSegment(filter, signal),
    staleTime: 10_000,
    retry: false,
  });
}

/** The count for a complete filter; the last count stays visible while the next one loads. */
export function useSegmentPreview(filter: SegmentFilter | undefined) {
  return useQuery({ ...segmentPreviewQueryOptions(filter ?? {}), enabled: filter !== undefined, placeholderData: keepPreviousData });
}
