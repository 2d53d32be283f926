import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { requestsWhileBlocked } from '../../../test/support/blocked-clients';
import { connectionRefused, openSocket } from '../../../test/support/processes';
import { ConnectionDrain } from './connection-drain';

/** A plain Node server whose `/slow` answers when the test says so. */
async function serverWithSlowRoute() {
  const release: Array<() => void> = [];
  const server = createServer((request, response) => {
    if (request.url === '/slow') release.push(() => response.end('slow done'));
    else response.end('ok');
  });
  const drain = new ConnectionDrain(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { server, drain, port, release: () => release.splice(0).forEach((answer) => answer()) };
}

const request = async (port: number, path: string) => {
  const opened = await openSocket(port);
  let received = '';
  let error: string | undefined;
  opened.socket.on('data', (chunk) => (received += String(chunk)));
  opened.socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code));
  opened.socket.write(`GET ${path} HTTP/1.1\r\nhost: x\r\n\r\n`);
  return { ...opened, received: () => received, error: () => error };
};

const graceOf = (graceMs: number) => ({ graceMs, acceptAtMostMs: 5_000 });

describe('ConnectionDrain', () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.closeAllConnections();
    server?.close();
  });

  it('closes silent, idle and half-sent connections after the grace, and ends the others after their response', async () => {
    const target = await serverWithSlowRoute();
    server = target.server;
    const silent = await openSocket(target.port);
    const idle = await request(target.port, '/');
    await expect.poll(idle.received).toContain('ok');
    const half = await openSocket(target.port);
    half.socket.write('GET / HTTP/1.1\r\nhost: x\r\n');
    const slow = await request(target.port, '/slow');
    await expect.poll(() => target.drain.requestsInFlight).toBe(1);

    let drained = false;
    const started = Date.now();
    const done = target.drain.drain(graceOf(100)).then(() => (drained = true));
    await Promise.all([silent.closed, idle.closed, half.closed]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await connectionRefused(target.port)).toBe(true);
    expect(drained).toBe(false);

    target.release();
    await slow.closed;
    expect(slow.received()).toMatch(/^HTTP\/1\.1 200[\s\S]*connection: close[\s\S]*slow done$/i);
    await done;
    expect(target.drain.requestsInFlight).toBe(0);
  });

  it('answers a request already in the receive queue of an idle keep-alive connection when the drain begins', async () => {
    const target = await serverWithSlowRoute();
    server = target.server;
    const keptAlive = await request(target.port, '/');
    await expect.poll(keptAlive.received).toMatch(/ok$/);
    // Written and drained in one go: the server has not read the request when the drain begins.
    keptAlive.socket.write('GET /again HTTP/1.1\r\nhost: x\r\n\r\n');
    const done = target.drain.drain(graceOf(50));
    await keptAlive.closed;
    expect(keptAlive.error()).toBeUndefined();
    expect(keptAlive.received()).toMatch(/^HTTP\/1\.1 200[\s\S]*ok(HTTP\/1\.1 200[\s\S]*connection: close[\s\S]*ok)$/i);
    await done;
  });

  it('accepts and answers every connection still waiting in the listen backlog when the drain begins', async () => {
    const target = await serverWithSlowRoute();
    server = target.server;
    // Node accepts one connection per pass of its event loop: eight take eight passes.
    const outcomes = requestsWhileBlocked(target.port, 8);
    const done = target.drain.drain(graceOf(50));
    for (const { received, error } of await outcomes) {
      expect(error).toBeUndefined();
      expect(received).toMatch(/^HTTP\/1\.1 200[\s\S]*connection: close[\s\S]*ok$/i);
    }
    await done;
    expect(await connectionRefused(target.port)).toBe(true);
  });

  it('answers, with Connection: close, the next request of a keep-alive client that had its answer just before the drain', async () => {
    const target = await serverWithSlowRoute();
    server = target.server;
    const keptAlive = await request(target.port, '/');
    await expect.poll(keptAlive.received).toMatch(/ok$/);
    const done = target.drain.drain(graceOf(200));
    await new Promise((resolve) => setTimeout(resolve, 50));
    keptAlive.socket.write('GET /next HTTP/1.1\r\nhost: x\r\n\r\n');
    await keptAlive.closed;
    expect(keptAlive.error()).toBeUndefined();
    expect(keptAlive.received()).toMatch(/ok(HTTP\/1\.1 200[\s\S]*connection: close[\s\S]*ok)$/i);
    await done;
  });

  it('cuts what is still running and says how many requests it cut', async () => {
    const target = await serverWithSlowRoute();
    server = target.server;
    const slow = [await request(target.port, '/slow'), await request(target.port, '/slow')];
    await expect.poll(() => target.drain.requestsInFlight).toBe(2);
    const done = target.drain.drain();
    expect(target.drain.cut()).toBe(2);
    await Promise.all(slow.map((s) => s.closed));
    await done;
    expect(slow.map((s) => s.received())).toEqual(['', '']);
  });
});
