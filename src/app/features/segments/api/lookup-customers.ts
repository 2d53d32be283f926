import { customerLookupSchema, type CustomerLookup } from '../../../../contract/segment';
import { apiRequest } from '../../../lib/api-client';

/** POST /v1/customers/lookup (our extension, see README): which customers pasted ids or source ids name. */
export function lookupCustomers(references: string[]): Promise<CustomerLookup> {
  return apiRequest('/v1/customers/lookup', customerLookupSchema, { method: 'POST', body: { references } });
}
