import { permanentDeletionSchema, type PermanentDeletion } from '../../../../contract/customer';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /v1/customers/{customerId}/permanent-deletion: deleted as by Delete Customer, and every value
 * the customer gave erased wherever a copy is kept. Answers the deletion record.
 */
export function deleteCustomerPermanently(customerId: string): Promise<PermanentDeletion> {
  return apiRequest(`/v1/customers/${encodeURIComponent(customerId)}/permanent-deletion`, permanentDeletionSchema, { method: 'POST' });
}
