import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { segmentSchema, type CreateSegmentRequest, type Segment } from '../../../../contract/segment';
import { apiRequest } from '../../../lib/api-client';
import { segmentKeys } from './get-segment';
import { segmentListKeys } from './list-segments';

/** POST /v1/segments: a static segment of customer ids, or an auto-update / passive one by filter. */
export function createSegment(body: CreateSegmentRequest): Promise<Segment> {
  return apiRequest('/v1/segments', segmentSchema, { method: 'POST', body });
}

export function createSegmentMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['segments', 'create'] as const,
    mutationFn: createSegment,
    onSuccess: (segment: Segment) => {
      // The page shows the new segment at once, without asking for it again.
      queryClient.setQueryData(segmentKeys.one(segment.id), segment);
      void queryClient.invalidateQueries({ queryKey: segmentListKeys.all });
    },
  });
}

export function useCreateSegment() {
  const queryClient = useQueryClient();
  return useMutation(createSegmentMutationOptions(queryClient));
}
