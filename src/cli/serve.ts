/**
 * The API service alone, on the configured database (DATABASE_URL, else PGlite under DATA_DIR): no
 * dashboard proxy, no job workers, no demo project. The production shape of one service process
 * (several may run against one PostgreSQL behind a load balancer; see RATE_LIMIT_STORE), and the
 * process the crash-safety test kills. SIGTERM/SIGINT stop it gracefully within
 * SHUTDOWN_TIMEOUT_SECONDS (see ./shutdown).
 */
import { createWriteStream } from 'node:fs';
import { createService, openConfiguredDatabase } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { endLogStream, shutDownOn, trackConnections } from './shutdown';
import { startWebhooks } from '../server/services/start-webhooks';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  const stream = config.logFile ? createWriteStream(config.logFile, { flags: 'a' }) : undefined;
  const { app, ctx } = await createService(database, config, undefined, { logger: { level: config.logLevel, ...(stream && { stream }) } });
  // Webhooks are sent by every service process (WEBHOOK_WORKER); leases keep two from sending one sendout.
  const webhooks = startWebhooks(ctx);
  const service = trackConnections(app);
  const address = await app.listen({ host: config.host, port: config.port });
  console.log(`API listening on ${address} (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`);

  shutDownOn(['SIGTERM', 'SIGINT'], {
    servers: [service],
    alongside: async () => webhooks?.stop(),
    last: async () => {
      await database.close();
      await endLogStream(stream);
    },
    timeoutMs: config.shutdownTimeoutMs,
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
