import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { requestsWhileBlocked } from '../../../test/support/blocked-clients';
import { connectionsWaiting } from './listen-backlog';

describe.runIf(process.platform === 'linux')('connectionsWaiting (Linux)', () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.close();
  });

  it('counts the connections completed on a port that the process has not accepted yet', async () => {
    const sockets: Array<{ destroy(): void }> = [];
    server = createServer((socket) => {
      sockets.push(socket);
      socket.end('HTTP/1.1 204 No Content\r\n\r\n');
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    expect(connectionsWaiting(port)).toBe(0);

    const outcomes = requestsWhileBlocked(port, 5);
    // Still blocked since the clients connected: nothing accepted (the kernel may take a moment to
    // complete the last handshakes, so ask again, still without letting the event loop run).
    const until = Date.now() + 1_000;
    while (connectionsWaiting(port) !== 5 && Date.now() < until);
    expect(connectionsWaiting(port)).toBe(5);
    await outcomes;
    expect(connectionsWaiting(port)).toBe(0);
  });

  it('says nothing of a port nobody listens on', () => {
    expect(connectionsWaiting(1)).toBeUndefined();
  });
});
