import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
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
  opened.socket.on('data', (chunk) => (received += String(chunk)));
  opened.socket.write(`GET ${path} HTTP/1.1\r\nhost: x\r\n\r\n`);
  return { ...opened, received: () => received };
};

describe('ConnectionDrain', () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.closeAllConnections();
    server?.close();
  });

  it('closes silent, idle and half-sent connections at once and ends the others after their response', async () => {
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
    const done = target.drain.drain().then(() => (drained = true));
    await Promise.all([silent.closed, idle.closed, half.closed]);
    expect(await connectionRefused(target.port)).toBe(true);
    expect(drained).toBe(false);

    target.release();
    await slow.closed;
    expect(slow.received()).toMatch(/^HTTP\/1\.1 200[\s\S]*connection: close[\s\S]*slow done$/i);
    await done;
    expect(target.drain.requestsInFlight).toBe(0);
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
