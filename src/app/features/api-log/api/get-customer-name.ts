import { useQuery } from '@tanstack/react-query';
import { customerSchema } from '../../../../contract/customer';
import { apiRequest } from '../../../lib/api-client';

/** GET /v1/customers/{customerId}: who the log is filtered to, by name rather than id. */
export async function getCustomerName(customerId: string, signal?: AbortSignal): Promise<string | null> {
  const customer = await apiRequest(`/v1/customers/${encodeURIComponent(customerId)}`, customerSchema, { signal });
  return customer.name ?? customer.email ?? customer.source_id ?? null;
}

export function useCustomerName(customerId: string) {
  return useQuery({ queryKey: ['customers', 'name', customerId], queryFn: ({ signal }) => getCustomerName(customerId, signal), enabled: customerId !== '', retry: false });
}
