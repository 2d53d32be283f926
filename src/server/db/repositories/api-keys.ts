import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { LookupCache } from '../lookup-cache';
import { apiKeys } from '../../../platform/db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function findApiKey(db: DbOrTx, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id)).limit(1);
  return row;
}

/**
 * Key-pair authentication reads the key on every request; a few seconds of caching saves that round
 * trip. Any change through updateApiKey in this process drops the entry at once; a change made by
 * another process (the keys CLI, another service instance) is seen within apiKeyCacheMs, well
 * inside the minute the real API allows for a blocked key to stop working. Unknown ids are not
 * cached, so random ids cannot fill the map.
 */
export const apiKeyCacheMs = 5_000;
const foundKeys = new LookupCache<ApiKeyRow>(apiKeyCacheMs);

export async function findApiKeyCached(db: DbOrTx, id: string): Promise<ApiKeyRow | undefined> {
  return foundKeys.get(id, () => findApiKey(db, id));
}

/** A key (re)created under a known id, e.g. a seed loading a snapshot's key ids with new secrets, is read afresh. */
export function forgetCachedApiKey(id: string): void {
  foundKeys.forget(id);
}

export async function insertApiKey(db: DbOrTx, row: typeof apiKeys.$inferInsert): Promise<void> {
  await db.insert(apiKeys).values(row);
}

export async function listApiKeys(db: DbOrTx, projectId?: string): Promise<ApiKeyRow[]> {
  const query = db.select().from(apiKeys).orderBy(asc(apiKeys.projectId), asc(apiKeys.createdAt), asc(apiKeys.id));
  return projectId ? query.where(eq(apiKeys.projectId, projectId)) : query;
}

/** Changes one key; returns the row as it is now, or undefined when there is no such key. */
export async function updateApiKey(
  db: DbOrTx,
  id: string,
  changes: Partial<Pick<ApiKeyRow, 'status' | 'secretHash' | 'ipAllowlist' | 'updatedAt'>>,
): Promise<ApiKeyRow | undefined> {
  const [row] = await db.update(apiKeys).set(changes).where(eq(apiKeys.id, id)).returning();
  foundKeys.forget(id);
  return row;
}
