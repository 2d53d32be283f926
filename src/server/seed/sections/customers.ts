import { customers } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { Fixture } from '../fixture-schema';
import type { SeedContext } from '../seed-context';

export async function loadCustomers(seed: SeedContext, list: Fixture['customers']): Promise<void> {
  const rows = list.map((c) => ({
    id: c.id ?? newId('cust'),
    projectId: seed.projectId,
    sourceId: c.source_id,
    name: c.name ?? null,
    description: c.description ?? null,
    email: c.email ?? null,
    phone: c.phone ?? null,
    birthdate: c.birthdate ?? null,
    address: c.address ?? null,
    metadata: c.metadata,
    createdAt: c.created_at ? new Date(c.created_at) : seed.now,
  }));
  for (let i = 0; i < rows.length; i += 1000) await seed.tx.insert(customers).values(rows.slice(i, i + 1000));
  for (const row of rows) seed.refs.customers.set(row.sourceId, row.id);
}
