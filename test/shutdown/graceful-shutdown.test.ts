import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectionRefused, freePort, slowRequest, spawnCli, waitUntilAnswering } from '../support/processes';
import { cleanUpAfter, seededDatabase, socketTo, started, useCleanups, within } from './shutdown-support';

/**
 * SIGTERM on the real processes (src/cli/serve.ts on PostgreSQL, src/cli/start.ts on PGlite) while
 * clients hold every kind of connection: one that never sends a byte, an idle keep-alive one, one
 * stuck halfway through its headers, and requests whose bodies are still arriving. The requests in
 * flight are answered, the rest are closed after a short grace (a quarter second), nothing new is
 * accepted after it, and the process is gone well within SHUTDOWN_TIMEOUT_SECONDS; a request that
 * never completes is cut at the bound. burst-shutdown.test.ts sends requests all through the signal.
 */

const fixture = { project: { name: 'Shutdown project' }, api_keys: [{ name: 'shutdown key' }] };

useCleanups();

/** The connections that must not hold a shutdown: silent, idle after a keep-alive answer, and mid-headers. */
async function idleConnections(port: number, path: string) {
  const silent = await socketTo(port);
  const keptAlive = await socketTo(port);
  const answered = new Promise<string>((resolve) => keptAlive.socket.once('data', (chunk) => resolve(String(chunk))));
  keptAlive.socket.write(`GET ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: keep-alive\r\n\r\n`);
  expect(await answered).toMatch(/^HTTP\/1\.1 200/);
  const halfHeaders = await socketTo(port);
  halfHeaders.socket.write(`GET ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\n`);
  return [silent.closed, keptAlive.closed, halfHeaders.closed];
}

const eventBody = (sourceId: string) => JSON.stringify({ event: 'shutdown-probe', customer: { source_id: sourceId } });

describe('graceful shutdown', () => {
  it('serve.ts (PostgreSQL): answers the request in flight, closes silent and idle connections, and exits at once', { timeout: 120_000 }, async () => {
    const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
    const { env, keys } = await seededDatabase(kind, fixture);
    const port = await freePort();
    const service = started(spawnCli('src/cli/serve.ts', { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', SHUTDOWN_TIMEOUT_SECONDS: '10' }));
    await waitUntilAnswering(service, `http://127.0.0.1:${port}/healthz`);

    const idle = await idleConnections(port, '/healthz');
    const body = eventBody('shutdown-serve');
    const inFlight = await slowRequest(port, 'POST', '/v1/events', { 'content-type': 'application/json', 'x-app-id': keys.appId, 'x-app-token': keys.appToken }, body, 10);
    cleanUpAfter(() => void inFlight.socket.destroy());
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalled = Date.now();
    service.child.kill('SIGTERM');
    await within(Promise.all(idle), 3_000, 'closing the silent, idle and half-sent connections');
    await expect.poll(() => connectionRefused(port), { timeout: 3_000 }).toBe(true);
    expect(service.child.exitCode, service.output()).toBeNull();

    // The body's last bytes arrive a second after the signal: the request is still answered in full.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const response = await within(inFlight.finish(), 5_000, 'the answer to the request in flight');
    expect(response.status, response.body).toBe(200);
    expect(response.headers.connection).toBe('close');
    expect(JSON.parse(response.body)).toMatchObject({ object: 'event', type: 'shutdown-probe' });

    expect(await within(service.exited, 5_000, 'the process exiting'), service.output()).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(5_000);
    expect(service.output()).toContain('SIGTERM: shutting down, 1 request(s) in flight');

    // It was committed: the service started again on the same data lists the event.
    const again = started(spawnCli('src/cli/serve.ts', { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' }));
    await waitUntilAnswering(again, `http://127.0.0.1:${port}/healthz`);
    const events = await fetch(`http://127.0.0.1:${port}/v1/events?customer=shutdown-serve`, { headers: { 'x-app-id': keys.appId, 'x-app-token': keys.appToken } });
    expect(((await events.json()) as { events: unknown[] }).events).toHaveLength(1);
    again.child.kill('SIGTERM');
    expect(await within(again.exited, 10_000, 'the second process exiting')).toBe(0);
  });

  it('serve.ts: a request that never completes is cut at SHUTDOWN_TIMEOUT_SECONDS and the process still exits', { timeout: 120_000 }, async () => {
    const { env, keys } = await seededDatabase(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', fixture);
    const port = await freePort();
    const service = started(spawnCli('src/cli/serve.ts', { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', SHUTDOWN_TIMEOUT_SECONDS: '3' }));
    await waitUntilAnswering(service, `http://127.0.0.1:${port}/healthz`);
    const stalled = await slowRequest(port, 'POST', '/v1/events', { 'content-type': 'application/json', 'x-app-id': keys.appId, 'x-app-token': keys.appToken }, eventBody('never'), 5);
    cleanUpAfter(() => void stalled.socket.destroy());
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalled = Date.now();
    service.child.kill('SIGTERM');
    expect(await within(service.exited, 6_000, 'the process exiting'), service.output()).toBe(1);
    const took = Date.now() - signalled;
    // Cut at 3 s − 0.75 s; gone by 3 s (plus the time a loaded machine takes to notice).
    expect(took).toBeGreaterThanOrEqual(2_000);
    expect(took).toBeLessThan(4_000);
    await within(stalled.closed, 1_000, 'the stalled connection closing');
    expect(service.output()).toContain('1 request(s) still running after 2.25 s were cut');
  });

  it('start.ts (PGlite): the proxy and the service answer their requests in flight, close the rest, and the process exits', { timeout: 180_000 }, async () => {
    const { env, keys } = await seededDatabase('pglite', fixture);
    const [port, proxyPort] = [await freePort(), await freePort()];
    const app = started(
      spawnCli('src/cli/start.ts', {
        ...env,
        PORT: String(port),
        PROXY_PORT: String(proxyPort),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        PROXY_APP_ID: keys.appId,
        PROXY_APP_TOKEN: keys.appToken,
        DEMO_SIGN_IN: 'on',
        DIST_DIR: join(tmpdir(), 'no-dashboard-build'),
        SHUTDOWN_TIMEOUT_SECONDS: '10',
      }),
    );
    await waitUntilAnswering(app, `http://127.0.0.1:${port}/healthz`);
    await waitUntilAnswering(app, `http://127.0.0.1:${proxyPort}/auth/session`);

    // Demo mode: asking for the session signs in; state-changing calls echo the CSRF cookie.
    const session = await fetch(`http://127.0.0.1:${proxyPort}/auth/session`);
    const cookies = Object.fromEntries(session.headers.getSetCookie().map((line) => line.split(';')[0].split('=') as [string, string]));
    const cookie = Object.entries(cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');

    const idle = [...(await idleConnections(port, '/healthz')), ...(await idleConnections(proxyPort, '/auth/session'))];
    const throughProxy = await slowRequest(
      proxyPort,
      'POST',
      '/api/v1/events',
      { 'content-type': 'application/json', cookie, 'x-csrf-token': decodeURIComponent(cookies.dashboard_csrf) },
      eventBody('shutdown-proxy'),
      10,
    );
    const direct = await slowRequest(port, 'POST', '/v1/events', { 'content-type': 'application/json', 'x-app-id': keys.appId, 'x-app-token': keys.appToken }, eventBody('shutdown-direct'), 10);
    cleanUpAfter(() => void throughProxy.socket.destroy());
    cleanUpAfter(() => void direct.socket.destroy());
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalled = Date.now();
    app.child.kill('SIGTERM');
    // The proxy stops accepting after its grace; the service once the proxy's requests are answered.
    await expect.poll(() => connectionRefused(proxyPort), { timeout: 3_000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const [viaProxy, viaService] = await within(Promise.all([throughProxy.finish(), direct.finish()]), 5_000, 'the answers to the requests in flight');
    expect(viaProxy.status, viaProxy.body).toBe(200);
    expect(viaService.status, viaService.body).toBe(200);
    expect(JSON.parse(viaProxy.body)).toMatchObject({ object: 'event' });
    expect(JSON.parse(viaService.body)).toMatchObject({ object: 'event' });
    await within(Promise.all(idle), 3_000, 'closing the silent, idle and half-sent connections');

    expect(await within(app.exited, 8_000, 'the process exiting'), app.output()).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(8_000);
    expect(await connectionRefused(port)).toBe(true);
    expect(app.output()).toContain('SIGTERM: shutting down, 2 request(s) in flight');
  });
});
