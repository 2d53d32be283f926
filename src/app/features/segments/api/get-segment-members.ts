import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerListQuerySchema, customerListSchema, type CustomerList } from '../../../../contract/customer';
import { apiRequest } from '../../../lib/api-client';
import { contractQuery } from '../../../lib/contract-query';

/** How many members the panel lists under the size. */
export const membersShown = 5;

export const segmentMembersKeys = {
  page: (segmentId: string, limit: number) => ['customers', 'list', { segment_id: segmentId, limit }] as const,
};

/**
 * GET /v1/customers?segment_id=…: the real API's way to list a segment's members; `total` is the
 * segment's size.
 */
export function getSegmentMembers(segmentId: string, limit: number, signal?: AbortSignal): Promise<CustomerList> {
  return apiRequest('/v1/customers', customerListSchema, { query: contractQuery(customerListQuerySchema, { segment_id: segmentId, limit, page: 1 }), signal });
}

export function segmentMembersQueryOptions(segmentId: string, limit: number = membersShown) {
  return queryOptions({
    queryKey: segmentMembersKeys.page(segmentId, limit),
    queryFn: ({ signal }) => getSegmentMembers(segmentId, limit, signal),
    staleTime: 10_000,
  });
}

export function useSegmentMembers(segmentId: string | undefined) {
  return useQuery({ ...segmentMembersQueryOptions(segmentId ?? ''), enabled: segmentId !== undefined });
}
