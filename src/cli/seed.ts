/** `npm run seed -- file.json`: loads a fixture as a new project and prints its keys once. */
import { readFileSync } from 'node:fs';
import { loadConfig } from '../server/config';
import { openConfiguredDatabase } from '../server/bootstrap';
import { loadFixture } from '../server/seed/load-fixture';

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new Error('Usage: npm run seed -- <fixture.json>');
  const database = await openConfiguredDatabase(loadConfig());
  try {
    const loaded = await loadFixture(database, JSON.parse(readFileSync(file, 'utf8')));
    console.log(`Loaded project ${loaded.projectId} from ${file}`);
    for (const key of loaded.keys) console.log(`  ${key.name}: X-App-Id ${key.appId}  X-App-Token ${key.appToken}  (shown once)`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
