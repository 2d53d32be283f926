import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildProxy } from '../../src/proxy/app';
import type { ScryptCost } from '../../src/proxy/auth/password-hash';
import { createStaffAccount } from '../../src/proxy/auth/staff-accounts';
import { openDatabase, type Database } from '../../src/platform/db/client';
import { systemClock } from '../../src/platform/clock';
import { demoKeys, e2eDashboardUserSecret, e2eServicePort } from './stack';

export const secondProxyPort = Number(process.env.E2E_SIGN_IN_PROXY_PORT ?? e2eServicePort + 20);

/**
 * A dashboard proxy with demo mode off, in front of the e2e stack's service: sign-in and roles are
 * tested here while the stack's own proxy stays in demo mode for the other specs. Its staff users
 * live in a database of its own (the stack's PGlite belongs to the stack's process); the shared
 * DASHBOARD_USER_SECRET lets it vouch for its users to the service.
 */
export async function startSecondProxy(users: { username: string; role: 'marketing' | 'support'; password: string }[], cost: ScryptCost) {
  const database: Database = await openDatabase({ memory: true });
  for (const user of users) await createStaffAccount(database.db, systemClock, user, cost);
  const keys = demoKeys();
  const proxy: FastifyInstance = await buildProxy(
    {
      port: secondProxyPort,
      host: '127.0.0.1',
      upstream: new URL(`http://127.0.0.1:${e2eServicePort}`),
      upstreamIsLocal: true,
      appId: keys.appId,
      appToken: keys.appToken,
      distDir: 'dist',
    },
    { database, passwordCost: cost, dashboardUserKey: createHash('sha256').update(e2eDashboardUserSecret).digest() },
  );
  await proxy.listen({ host: '127.0.0.1', port: secondProxyPort });
  return {
    baseURL: `http://localhost:${secondProxyPort}`,
    database,
    async close() {
      await proxy.close();
      await database.close();
    },
  };
}
