import { sql } from 'drizzle-orm';
import { customers } from '../../../platform/db/schema';
import { newId } from '../../../platform/ids';
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

/** The fixture's generated customers, in one set-based insert; numbers are zero-padded to the count's width. */
export async function loadGeneratedCustomers(seed: SeedContext, spec: Fixture['generated_customers']): Promise<void> {
  if (!spec) return;
  const width = String(spec.count).length;
  const suffixes = Array.from({ length: spec.count }, (_, i) => String(i + 1).padStart(width, '0'));
  const ids = suffixes.map((n) => (spec.id_prefix ? `${spec.id_prefix}${n}` : newId('cust')));
  const sourceIds = suffixes.map((n) => `${spec.source_id_prefix}${n}`);
  const createdAt = spec.created_at ? new Date(spec.created_at) : seed.now;
  await seed.tx.execute(sql`
    INSERT INTO customers (id, project_id, source_id, metadata, created_at)
    SELECT id, ${seed.projectId}, source_id, ${JSON.stringify(spec.metadata)}::jsonb, ${createdAt.toISOString()}::timestamptz
    FROM unnest(${sql.param(ids)}::text[], ${sql.param(sourceIds)}::text[]) AS g(id, source_id)`);
  sourceIds.forEach((sourceId, i) => seed.refs.customers.set(sourceId, ids[i]));
}
