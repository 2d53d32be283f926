import type { FastifyInstance } from 'fastify';
import type { StaffRole } from '../../src/contract/staff-session';
import { buildProxy } from '../../src/proxy/app';
import { readCookie } from '../../src/proxy/auth/cookies';
import type { ScryptCost } from '../../src/proxy/auth/password-hash';
import { createStaffAccount } from '../../src/proxy/auth/staff-accounts';
import type { ProxyConfig } from '../../src/proxy/config';
import type { Clock } from '../../src/platform/clock';
import type { TestService } from './service';

/** Cheap scrypt for tests: the parameters travel with each hash, so verification is the real code. */
export const testPasswordCost: ScryptCost = { N: 1024, r: 8, p: 1 };

/** A browser-like client of the proxy: keeps the cookies and echoes the CSRF cookie in its header. */
export class ProxyClient {
  private cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async fetch(path: string, init: RequestInit & { csrf?: boolean } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; '));
    const csrf = this.cookies.get('dashboard_csrf');
    if (init.csrf !== false && csrf && init.method && init.method !== 'GET' && !headers.has('x-csrf-token')) headers.set('x-csrf-token', csrf);
    const response = await fetch(this.baseUrl + path, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = readCookie(pair, name) ?? '';
      if (attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a)) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  async signIn(username: string, password: string): Promise<Response> {
    return this.fetch('/auth/sign-in', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  }
}

export interface TestProxy {
  proxy: FastifyInstance;
  url: string;
  /** Signs in a new staff user of `role` and returns a client holding the session. */
  signedIn(role: StaffRole): Promise<ProxyClient>;
  close(): Promise<void>;
}

let users = 0;

/** The proxy in front of a test service, on the service's database (as in `npm start`). */
export async function startTestProxy(service: TestService, overrides: Partial<ProxyConfig> = {}, clock: Clock = service.clock): Promise<TestProxy> {
  const [key] = service.project.keys;
  const config: ProxyConfig = { port: 0, host: '127.0.0.1', upstream: new URL(service.baseUrl), upstreamIsLocal: true, appId: key.appId, appToken: key.appToken, distDir: '/nonexistent', ...overrides };
  const proxy = await buildProxy(config, { database: service.database, clock, passwordCost: testPasswordCost, dashboardUserKey: service.ctx.dashboardUserKey });
  const url = await proxy.listen({ host: '127.0.0.1', port: 0 });
  return {
    proxy,
    url,
    async signedIn(role) {
      const username = `${role}-${process.pid}-${++users}`;
      const password = `correct horse ${username}`;
      await createStaffAccount(service.database.db, clock, { username, role, password }, testPasswordCost);
      const client = new ProxyClient(url);
      const response = await client.signIn(username, password);
      if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
      return client;
    },
    close: () => proxy.close(),
  };
}
