import type { Customer } from '../../contract/customer';
import type { customers } from '../../platform/db/schema';
import { iso } from './timestamps';

/** A customer row as the customer object of SERVICE_SPEC §2.6. */
export function presentCustomer(row: typeof customers.$inferSelect): Customer {
  return {
    id: row.id,
    source_id: row.sourceId,
    name: row.name,
    description: row.description,
    email: row.email,
    phone: row.phone,
    birthdate: row.birthdate,
    birthday: row.birthday,
    address: (row.address as Customer['address']) ?? null,
    metadata: row.metadata,
    created_at: row.createdAt.toISOString(),
    updated_at: iso(row.updatedAt),
    object: 'customer',
  };
}
