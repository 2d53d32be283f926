import { useQuery } from '@tanstack/react-query';
import { customerSchema, type Customer } from '../../../../contract/customer';
import { apiRequest } from '../../../lib/api-client';

export const customerKeys = { one: (customerId: string) => ['customers', 'one', customerId] as const };

/** GET /v1/customers/{customerId}: the holder's whole profile (phone and address besides what member search carries). */
export function getCustomer(customerId: string, signal?: AbortSignal): Promise<Customer> {
  return apiRequest(`/v1/customers/${encodeURIComponent(customerId)}`, customerSchema, { signal });
}

export function useCustomer(customerId: string | null | undefined) {
  return useQuery({ queryKey: customerKeys.one(customerId ?? ''), queryFn: ({ signal }) => getCustomer(customerId ?? '', signal), enabled: Boolean(customerId) });
}
