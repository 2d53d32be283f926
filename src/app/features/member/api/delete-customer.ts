import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/**
 * DELETE /v1/customers/{customerId}: the customer leaves every customer read and every segment;
 * their cards keep their points and history. Answers 204 with no body.
 */
export async function deleteCustomer(customerId: string): Promise<void> {
  await apiRequest(`/v1/customers/${encodeURIComponent(customerId)}`, z.undefined(), { method: 'DELETE' });
}
