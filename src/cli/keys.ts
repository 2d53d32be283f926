/**
 * `npm run keys -- <command>`: API key management (create, list, block, unblock, delete, regenerate,
 * allow-ips) on the configured database (DATABASE_URL, else PGlite under DATA_DIR). PGlite is
 * single-process: stop `npm start` before running this against the embedded database.
 */
import { CommanderError } from 'commander';
import { openConfiguredDatabase } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { systemClock } from '../platform/clock';
import { keysProgram } from './keys-program';

async function main(): Promise<void> {
  const database = await openConfiguredDatabase(loadConfig());
  try {
    await keysProgram({ db: database.db, clock: systemClock }, (line) => console.log(line.replace(/\n$/, ''))).parseAsync(process.argv);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  // Commander has already printed its own usage errors (and help, which exits 0).
  if (error instanceof CommanderError) process.exit(error.exitCode);
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
