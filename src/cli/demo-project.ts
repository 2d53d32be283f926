import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { systemClock } from '../platform/clock';
import { projects } from '../platform/db/schema';
import { loadFixture } from '../server/seed/load-fixture';
import { createManagementKey } from '../server/services/management-keys';
import demo from '../server/seed/demo.json' with { type: 'json' };

export type KeyPair = { appId: string; appToken: string };

/** The demo project's management key pair, which the dashboard proxy uses for Settings → Webhooks. */
export type ManagementKeyPair = { projectId: string; managementId: string; managementToken: string };

export type DemoKeys = KeyPair & Partial<ManagementKeyPair>;

const keysFile = (dataDir: string) => join(dataDir, 'demo-keys.json');

function writeKeys(dataDir: string, keys: DemoKeys): void {
  writeFileSync(keysFile(dataDir), JSON.stringify(keys, null, 2), { mode: 0o600 });
}

/**
 * On the first start of an empty embedded database, loads the demo project (or the fixture named
 * by SEED_FILE, a snapshot from GET /_local/snapshot for instance) and keeps its freshly generated
 * key pairs beside the data (mode 600), never in the repository: the API key pair and a management
 * key pair of the same project (added to a data directory made before it existed).
 */
export async function ensureDemoProject(database: Database, dataDir: string, seedFile?: string): Promise<DemoKeys | undefined> {
  const [{ n }] = await database.db.select({ n: count() }).from(projects);
  let keys: DemoKeys | undefined;
  let projectId: string | undefined;
  if (n === 0) {
    const loaded = await loadFixture(database, seedFile ? (JSON.parse(readFileSync(seedFile, 'utf8')) as unknown) : demo);
    keys = { appId: loaded.keys[0].appId, appToken: loaded.keys[0].appToken };
    projectId = loaded.projectId;
    writeKeys(dataDir, keys);
  } else if (existsSync(keysFile(dataDir))) {
    keys = JSON.parse(readFileSync(keysFile(dataDir), 'utf8')) as DemoKeys;
  }
  if (!keys) return undefined;
  if (keys.projectId && keys.managementId && keys.managementToken) return keys;
  projectId ??= (await database.execute<{ project_id: string }>('SELECT project_id FROM api_keys WHERE id = $1', [keys.appId]))[0]?.project_id;
  // Keys of another database (a data directory reused): the API pair as before, no management pair.
  if (!projectId) return keys;
  const management = await createManagementKey({ db: database.db, clock: systemClock }, projectId, 'dashboard');
  const complete = { ...keys, projectId, managementId: management.key.id, managementToken: management.secret };
  writeKeys(dataDir, complete);
  return complete;
}
