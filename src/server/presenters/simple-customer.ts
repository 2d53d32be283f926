import type { CustomerRow } from '../db/repositories/customers';

/** The simple customer embedded in events and redemptions: fields without a value are left out (the contract types them as strings). */
export function simpleCustomer(customer: CustomerRow) {
  return {
    id: customer.id,
    ...(customer.sourceId !== null && { source_id: customer.sourceId }),
    ...(customer.name !== null && { name: customer.name }),
    ...(customer.email !== null && { email: customer.email }),
    metadata: customer.metadata,
    object: 'customer' as const,
  };
}
