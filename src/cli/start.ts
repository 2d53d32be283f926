/**
 * `npm start`: the whole product in one process on the embedded default: the service, the
 * dashboard proxy, and the job workers, with the demo project on first start.
 */
import { loadConfig } from '../server/config';
import { createService, openConfiguredDatabase } from '../server/bootstrap';
import { buildProxy } from '../proxy/app';
import { loadProxyConfig } from '../proxy/config';
import { ensureDemoProject } from './demo-project';

async function main(): Promise<void> {
  const config = loadConfig();
  const proxyConfig = loadProxyConfig();
  const database = await openConfiguredDatabase(config);
  const demoKeys = config.databaseUrl ? undefined : await ensureDemoProject(database, config.dataDir);
  if (proxyConfig.upstreamIsLocal && !proxyConfig.appId && demoKeys) {
    proxyConfig.appId = demoKeys.appId;
    proxyConfig.appToken = demoKeys.appToken;
  }

  const { app, ctx } = await createService(database, config, undefined, { logger: { level: config.logLevel } });
  const { startWorkers } = await import('../server/jobs/workers');
  const workers = await startWorkers(ctx);
  await app.listen({ host: config.host, port: config.port });
  const proxy = await buildProxy(proxyConfig);
  await proxy.listen({ host: config.host, port: proxyConfig.port });

  const shown = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  console.log('');
  console.log(`  Dashboard:  http://${shown}:${proxyConfig.port}/`);
  console.log(`  API:        http://${shown}:${config.port}/  (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`);
  if (demoKeys) console.log(`  Demo keys:  ${config.dataDir}/demo-keys.json (X-App-Id ${demoKeys.appId})`);
  console.log('');

  const stop = async () => {
    await proxy.close();
    await app.close();
    await workers.stop();
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
