import { and, eq, sql } from 'drizzle-orm';
import type { CustomerReference } from '../../../contract/customer';
import { notFound } from '../../lib/api-error';
import { newId } from '../../lib/ids';
import type { DbOrTx } from '../client';
import { customers } from '../schema';

export type CustomerRow = typeof customers.$inferSelect;
type ProfileUpdate = Partial<Pick<CustomerRow, 'name' | 'description' | 'email' | 'phone' | 'birthdate' | 'birthday' | 'address' | 'metadata'>>;

function profileOf(reference: Exclude<CustomerReference, string>): ProfileUpdate {
  const update: ProfileUpdate = {};
  for (const field of ['name', 'description', 'email', 'phone', 'birthdate', 'birthday', 'address', 'metadata'] as const) {
    if (reference[field] !== undefined) (update as Record<string, unknown>)[field] = reference[field];
  }
  return update;
}

export async function findCustomer(db: DbOrTx, projectId: string, id: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(and(eq(customers.projectId, projectId), eq(customers.id, id))).limit(1);
  return row;
}

export async function findCustomerBySourceId(db: DbOrTx, projectId: string, sourceId: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(and(eq(customers.projectId, projectId), eq(customers.sourceId, sourceId))).limit(1);
  return row;
}

/**
 * Resolves `customer` of Add Member and events (DESIGN §2): a `cust_…` string or `id` must exist
 * (404 otherwise); a source id is created when unknown. Profile fields given update the customer.
 * The upsert is one statement, so parallel requests for a new source id create it once.
 */
export async function resolveCustomer(db: DbOrTx, projectId: string, reference: CustomerReference, now: Date): Promise<CustomerRow> {
  const object = typeof reference === 'string' ? (reference.startsWith('cust_') ? { id: reference } : { source_id: reference }) : reference;
  const profile = profileOf(object);
  if (object.id !== undefined) {
    const existing = await findCustomer(db, projectId, object.id);
    if (!existing) throw notFound('customer', object.id);
    if (Object.keys(profile).length === 0) return existing;
    const [updated] = await db.update(customers).set({ ...profile, updatedAt: now }).where(eq(customers.id, existing.id)).returning();
    return updated;
  }
  const sourceId = object.source_id as string;
  const [row] = await db
    .insert(customers)
    .values({ id: newId('cust'), projectId, sourceId, metadata: {}, ...profile, createdAt: now })
    .onConflictDoUpdate({
      target: [customers.projectId, customers.sourceId],
      // With nothing to change, touch no column that matters so the row is still returned.
      set: Object.keys(profile).length ? { ...profile, updatedAt: now } : { sourceId: sql`excluded.source_id` },
    })
    .returning();
  return row;
}
