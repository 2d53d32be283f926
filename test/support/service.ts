import type { FastifyInstance } from 'fastify';
import { loadConfig, type ServiceConfig } from '../../src/server/config';
import type { ServiceContext } from '../../src/server/context';
import { createService } from '../../src/server/bootstrap';
import type { Database } from '../../src/platform/db/client';
import { ManualClock } from '../../src/platform/clock';
import { loadFixture, type LoadedProject } from '../../src/server/seed/load-fixture';
import { openTestDatabase, type DatabaseKind } from './databases';
import { checkResponsesAgainstDocument } from './document-conformance';
import { baseFixture } from './fixtures';

export interface TestService {
  app: FastifyInstance;
  ctx: ServiceContext;
  database: Database;
  clock: ManualClock;
  baseUrl: string;
  project: LoadedProject;
  /** Key-pair headers of the project's first key. */
  keyHeaders: Record<string, string>;
  /** A real HTTP request to the running service; JSON bodies are encoded, responses decoded. */
  call(method: string, path: string, options?: { body?: unknown; headers?: Record<string, string>; auth?: boolean }): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

/** Starts the service over real HTTP on a fresh database loaded with `fixture`. */
export async function startTestService(
  kind: DatabaseKind,
  fixture: unknown = baseFixture(),
  clock = new ManualClock(),
  configOverrides: Partial<ServiceConfig> = {},
): Promise<TestService> {
  const database = await openTestDatabase(kind);
  const project = await loadFixture(database, fixture, clock.now());
  const config = { ...loadConfig({}), port: 0, ...configOverrides };
  const { app, ctx } = await createService(database, config, clock);
  checkResponsesAgainstDocument(app);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  ctx.config.publicBaseUrl = address;
  ctx.config.downloadBaseUrl = address;
  const keyHeaders = { 'X-App-Id': project.keys[0].appId, 'X-App-Token': project.keys[0].appToken };
  return {
    app,
    ctx,
    database,
    clock,
    baseUrl: address,
    project,
    keyHeaders,
    async call(method, path, options = {}) {
      const headers: Record<string, string> = { ...(options.auth === false ? {} : keyHeaders), ...options.headers };
      let body: string | undefined;
      if (options.body !== undefined) {
        body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await fetch(address + path, { method, headers, body });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: keep the text
      }
      return { status: response.status, body: parsed, headers: response.headers };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
