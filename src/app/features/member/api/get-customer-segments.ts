import { useQuery } from '@tanstack/react-query';
import { customerSegmentListSchema, type CustomerSegmentList } from '../../../../contract/segment';
import { apiRequest } from '../../../lib/api-client';

/** GET /v1/customers/{customerId}/segments: the segments the customer is in now. */
export function getCustomerSegments(customerId: string, signal?: AbortSignal): Promise<CustomerSegmentList> {
  return apiRequest(`/v1/customers/${encodeURIComponent(customerId)}/segments`, customerSegmentListSchema, { signal });
}

export function useCustomerSegments(customerId: string | null | undefined) {
  return useQuery({ queryKey: ['customer-segments', customerId], queryFn: ({ signal }) => getCustomerSegments(customerId ?? '', signal), enabled: Boolean(customerId) });
}
