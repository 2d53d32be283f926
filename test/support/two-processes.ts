import type { ChildProcess } from 'node:child_process';
import { openDatabase, type Database } from '../../src/platform/db/client';
import type { FixtureInput } from '../../src/server/seed/fixture-schema';
import { loadFixture, type LoadedProject } from '../../src/server/seed/load-fixture';
import { scratchPostgresDatabase } from './databases';
import { startServiceProcess, stopServiceProcesses } from './processes';

/** Two API service processes on one scratch PostgreSQL holding `fixture`, as behind a load balancer. */
export interface TwoProcesses {
  database: Database;
  project: LoadedProject;
  /** The two services' base addresses. */
  addresses: [string, string];
  /** The project's key pair as headers, with a JSON content type. */
  headers: Record<string, string>;
  close(): Promise<void>;
}

export async function startTwoProcesses(fixture: FixtureInput, name: string, env: Record<string, string> = {}): Promise<TwoProcesses> {
  const scratch = await scratchPostgresDatabase(process.env.TEST_DATABASE_URL as string, name);
  const database = await openDatabase({ url: scratch.url, poolSize: 2 });
  const project = await loadFixture(database, fixture);
  const services: { address: string; child: ChildProcess }[] = await Promise.all([startServiceProcess(scratch.url, env), startServiceProcess(scratch.url, env)]);
  return {
    database,
    project,
    addresses: [services[0].address, services[1].address],
    headers: { 'content-type': 'application/json', 'X-App-Id': project.keys[0].appId, 'X-App-Token': project.keys[0].appToken },
    async close() {
      await stopServiceProcesses(services);
      await database.close();
      await scratch.drop();
    },
  };
}
