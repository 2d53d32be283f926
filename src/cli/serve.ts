/**
 * The API service alone, on the configured database (DATABASE_URL, else PGlite under DATA_DIR): no
 * dashboard proxy, no job workers, no demo project. The production shape of one service process
 * (several may run against one PostgreSQL behind a load balancer; see RATE_LIMIT_STORE), and the
 * process the crash-safety test kills.
 */
import { createWriteStream } from 'node:fs';
import { createService, openConfiguredDatabase } from '../server/bootstrap';
import { loadConfig } from '../server/config';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  const stream = config.logFile ? createWriteStream(config.logFile, { flags: 'a' }) : undefined;
  const { app } = await createService(database, config, undefined, { logger: { level: config.logLevel, ...(stream && { stream }) } });
  const address = await app.listen({ host: config.host, port: config.port });
  console.log(`API listening on ${address} (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`);

  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
