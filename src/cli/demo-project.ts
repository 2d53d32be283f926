import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { projects } from '../platform/db/schema';
import { loadFixture } from '../server/seed/load-fixture';
import demo from '../server/seed/demo.json' with { type: 'json' };

export type KeyPair = { appId: string; appToken: string };

const keysFile = (dataDir: string) => join(dataDir, 'demo-keys.json');

/**
 * On the first start of an empty embedded database, loads the demo project and keeps its freshly
 * generated key pair beside the data (mode 600), never in the repository.
 */
export async function ensureDemoProject(database: Database, dataDir: string): Promise<KeyPair | undefined> {
  const [{ n }] = await database.db.select({ n: count() }).from(projects);
  if (n === 0) {
    const loaded = await loadFixture(database, demo);
    const key = loaded.keys[0];
    writeFileSync(keysFile(dataDir), JSON.stringify({ appId: key.appId, appToken: key.appToken }, null, 2), { mode: 0o600 });
    return key;
  }
  return existsSync(keysFile(dataDir)) ? (JSON.parse(readFileSync(keysFile(dataDir), 'utf8')) as KeyPair) : undefined;
}
