import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { managementKeys } from '../../../platform/db/schema';
import { LookupCache } from '../lookup-cache';

export type ManagementKeyRow = typeof managementKeys.$inferSelect;

export async function findManagementKey(db: DbOrTx, id: string): Promise<ManagementKeyRow | undefined> {
  const [row] = await db.select().from(managementKeys).where(eq(managementKeys.id, id)).limit(1);
  return row;
}

/** As the API keys' cache (api-keys.ts): a change here is seen at once, one by another process within 5 s. */
const foundKeys = new LookupCache<ManagementKeyRow>(5_000);

export async function findManagementKeyCached(db: DbOrTx, id: string): Promise<ManagementKeyRow | undefined> {
  return foundKeys.get(id, () => findManagementKey(db, id));
}

export async function insertManagementKey(db: DbOrTx, row: typeof managementKeys.$inferInsert): Promise<void> {
  await db.insert(managementKeys).values(row);
}

export async function listManagementKeys(db: DbOrTx, projectId?: string): Promise<ManagementKeyRow[]> {
  const query = db.select().from(managementKeys).orderBy(asc(managementKeys.projectId), asc(managementKeys.createdAt), asc(managementKeys.id));
  return projectId ? query.where(eq(managementKeys.projectId, projectId)) : query;
}

export async function updateManagementKey(db: DbOrTx, id: string, changes: Partial<Pick<ManagementKeyRow, 'status' | 'secretHash' | 'updatedAt'>>): Promise<ManagementKeyRow | undefined> {
  const [row] = await db.update(managementKeys).set(changes).where(eq(managementKeys.id, id)).returning();
  foundKeys.forget(id);
  return row;
}
