import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { apiKeys } from '../schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function findApiKey(db: DbOrTx, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id)).limit(1);
  return row;
}
