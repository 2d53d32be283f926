import { customerSchema, type Customer, type UpdateCustomerRequest } from '../../../../contract/customer';
import { apiRequest } from '../../../lib/api-client';

/** PUT /v1/customers/{customerId}: the fields given replace the stored ones, `null` clears one. */
export function updateCustomer(customerId: string, body: UpdateCustomerRequest): Promise<Customer> {
  return apiRequest(`/v1/customers/${encodeURIComponent(customerId)}`, customerSchema, { method: 'PUT', body });
}
