import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { serviceSettings } from '../../../platform/db/schema';

/** A value made once per installation (first writer wins, so parallel starts agree). */
export async function settingOrCreate(db: DbOrTx, key: string, make: () => string): Promise<string> {
  await db.insert(serviceSettings).values({ key, value: make() }).onConflictDoNothing();
  const [row] = await db.select().from(serviceSettings).where(eq(serviceSettings.key, key));
  return row.value;
}

/** The key the proxy signs X-Dashboard-User with (server/auth/dashboard-user); shared through this table. */
export async function loadDashboardUserKey(db: DbOrTx): Promise<Buffer> {
  return Buffer.from(await settingOrCreate(db, 'dashboard_user_key', () => randomBytes(32).toString('hex')), 'hex');
}

export async function loadAssetKey(db: DbOrTx): Promise<Buffer> {
  return Buffer.from(await settingOrCreate(db, 'asset_key', () => randomBytes(32).toString('hex')), 'hex');
}
