/**
 * `npm start`: the whole product in one process on the embedded default: the service, the
 * dashboard proxy, and the job workers, with the demo project on first start.
 */
import { createWriteStream } from 'node:fs';
import { loadConfig } from '../server/config';
import { createService, dashboardUserKeyOf, openConfiguredDatabase } from '../server/bootstrap';
import { buildProxy } from '../proxy/app';
import { loadProxyConfig } from '../proxy/config';
import { ensureDemoProject } from './demo-project';
import { startWebhooks } from '../server/services/start-webhooks';
import { endLogStream, shutDownOn, trackConnections } from './shutdown';

async function main(): Promise<void> {
  const config = loadConfig();
  const proxyConfig = loadProxyConfig();
  const database = await openConfiguredDatabase(config);
  // SEED_FILE: the fixture (or snapshot) an empty embedded database starts with, instead of the demo.
  const demoKeys = config.databaseUrl ? undefined : await ensureDemoProject(database, config.dataDir, process.env.SEED_FILE || undefined);
  const onDemoKeys = proxyConfig.upstreamIsLocal && !proxyConfig.appId && demoKeys !== undefined;
  if (onDemoKeys) {
    proxyConfig.appId = demoKeys.appId;
    proxyConfig.appToken = demoKeys.appToken;
  }
  // Settings → Webhooks: the proxy reaches the demo project's Management API with its own management key pair.
  if (onDemoKeys && !proxyConfig.management && demoKeys?.projectId && demoKeys.managementId && demoKeys.managementToken) {
    proxyConfig.management = { projectId: demoKeys.projectId, id: demoKeys.managementId, token: demoKeys.managementToken };
  }
  // Demo mode signs visitors in automatically, only on the embedded demo project unless asked for.
  if (proxyConfig.demoSignIn === 'on' || (proxyConfig.demoSignIn === 'auto' && onDemoKeys)) proxyConfig.demoUser = proxyConfig.demoUsername;
  // The project clock (/_local/) likewise: on for the embedded demo, where nothing real is at stake.
  if (config.localControl === 'auto') config.localControl = demoKeys !== undefined ? 'on' : 'off';
  // Webhooks to a receiver on this machine or its network: the demo is where an integrator runs one.
  if (config.webhookPrivateTargets === 'auto') config.webhookPrivateTargets = demoKeys !== undefined ? 'allow' : 'refuse';

  // LOG_FILE: both loggers append JSON lines to one file (the e2e run scans it for secrets).
  const stream = config.logFile ? createWriteStream(config.logFile, { flags: 'a' }) : undefined;
  const logger = { level: config.logLevel, ...(stream && { stream }) };
  const { app, ctx } = await createService(database, config, undefined, { logger });
  const { startWorkers } = await import('../server/jobs/workers');
  const workers = await startWorkers(ctx);
  const webhooks = startWebhooks(ctx);
  const service = trackConnections(app);
  await app.listen({ host: config.host, port: config.port });
  const proxy = await buildProxy(proxyConfig, { database, logger, dashboardUserKey: await dashboardUserKeyOf(database, config) });
  const dashboard = trackConnections(proxy);
  await proxy.listen({ host: config.host, port: proxyConfig.port });

  const shown = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  console.log('');
  console.log(`  Dashboard:  http://${shown}:${proxyConfig.port}/`);
  console.log(`  API:        http://${shown}:${config.port}/  (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`);
  console.log(`  API docs:   http://${shown}:${config.port}/docs  (OpenAPI: /openapi.json)`);
  if (demoKeys) console.log(`  Demo keys:  ${config.dataDir}/demo-keys.json (X-App-Id ${demoKeys.appId})`);
  if (config.localControl === 'on') console.log('  Local control: /_local/clock moves a project\'s time, /_local/reset resets it (LOCAL_CONTROL=off to refuse both)');
  if (config.requestLogSize > 0) console.log(`  Request log: the last ${config.requestLogSize} requests per project at /_local/requests and on the dashboard's API log (REQUEST_LOG=off to keep none)`);
  if (proxyConfig.demoUser) console.log(`  Demo mode:  visitors are signed in as '${proxyConfig.demoUser}' (DEMO_SIGN_IN=off to require sign-in)`);
  else console.log('  Sign-in:    create staff users with `npm run users -- create <username> --role marketing`');
  console.log('');

  // The proxy stops first: its requests in flight still reach the service, which stops after it.
  shutDownOn(['SIGTERM', 'SIGINT'], {
    servers: [dashboard, service],
    alongside: async (msLeft) => {
      await Promise.all([workers.stop(msLeft), webhooks?.stop()]);
    },
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
